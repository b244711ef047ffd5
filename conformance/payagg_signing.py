"""Merchant request signing, as the API verifies it (spec/merchant.yaml, "Authentication"):

    X-Service-Signature = lowercase hex HMAC-SHA256(api_secret, signed string), where the signed
    string is, for version 2 (X-Service-Signature-Version: 2, what the hooks send):
        timestamp + "." + METHOD + "." + path_with_query + "." + idempotency_key + "." + raw_body
    and for version 1 (the seed's; no version header):
        timestamp + "." + raw_body

with X-Service-Timestamp in Unix seconds, raw_body the exact bytes sent ("" without a body),
path_with_query the request target as sent (requests' PreparedRequest.path_url, which urllib3
sends unchanged) and idempotency_key the Idempotency-Key header ("" without one).
Shared by the schemathesis hooks and signed_request.py (replaying a failure by hand).
"""

from __future__ import annotations

import hashlib
import hmac
import time
from typing import Any

header_service_key = "X-Service-Key"
header_service_timestamp = "X-Service-Timestamp"
header_service_signature = "X-Service-Signature"
header_service_signature_version = "X-Service-Signature-Version"
header_idempotency_key = "Idempotency-Key"
service_headers = (header_service_key, header_service_timestamp, header_service_signature)


def raw_body_bytes(body: Any) -> bytes:
    """The bytes a requests PreparedRequest body goes out as (requests hands http.client bytes or str)."""
    if body is None:
        return b""
    if isinstance(body, bytes):
        return body
    if isinstance(body, bytearray):
        return bytes(body)
    if isinstance(body, str):
        # http.client encodes a str body as ISO-8859-1; anything else it cannot send at all, so
        # the caller replaces the body with these bytes either way.
        try:
            return body.encode("iso-8859-1")
        except UnicodeEncodeError:
            return body.encode("utf-8")
    if hasattr(body, "read"):
        return raw_body_bytes(body.read())
    return b"".join(raw_body_bytes(chunk) for chunk in body)


def signature_of(secret: str, timestamp: str, raw_body: bytes) -> str:
    """Version 1: lowercase hex HMAC-SHA256 over timestamp + "." + raw_body."""
    return hmac.new(secret.encode("utf-8"), timestamp.encode("ascii") + b"." + raw_body, hashlib.sha256).hexdigest()


def signature_v2_of(secret: str, timestamp: str, method: str, path_with_query: str, idempotency_key: str,
                    raw_body: bytes) -> str:
    """Version 2: lowercase hex HMAC-SHA256 over timestamp.METHOD.path_with_query.idempotency_key.raw_body.

    Header values go on the wire as ISO-8859-1 and the server reads them back as those characters,
    then signs their UTF-8 form, as this does.
    """
    line = f"{timestamp}.{method.upper()}.{path_with_query}.{idempotency_key}.".encode("utf-8")
    return hmac.new(secret.encode("utf-8"), line + raw_body, hashlib.sha256).hexdigest()


def header_value(headers: Any, name: str) -> str:
    """A header's value as the server reads it (surrounding spaces and tabs dropped), "" if absent."""
    for key, value in headers.items():
        if key.lower() == name.lower():
            text = value.decode("iso-8859-1") if isinstance(value, (bytes, bytearray)) else str(value)
            return text.strip(" \t")
    return ""


def signed_headers(api_key: str, api_secret: str, raw_body: bytes) -> dict[str, str]:
    """Version 1 signing headers for this body, timestamped now (the seed's scheme)."""
    timestamp = str(int(time.time()))
    return {
        header_service_key: api_key,
        header_service_timestamp: timestamp,
        header_service_signature: signature_of(api_secret, timestamp, raw_body),
    }


def signed_headers_v2(api_key: str, api_secret: str, method: str, path_with_query: str, idempotency_key: str,
                      raw_body: bytes) -> dict[str, str]:
    """Version 2 signing headers for this request, timestamped now."""
    timestamp = str(int(time.time()))
    return {
        header_service_key: api_key,
        header_service_timestamp: timestamp,
        header_service_signature_version: "2",
        header_service_signature: signature_v2_of(api_secret, timestamp, method, path_with_query, idempotency_key,
                                                  raw_body),
    }
