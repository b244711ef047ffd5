"""Merchant request signing, as the API verifies it (spec/merchant.yaml, "Authentication"):

    X-Service-Signature = lowercase hex HMAC-SHA256(api_secret, timestamp + "." + raw_body)

with X-Service-Timestamp in Unix seconds and raw_body the exact bytes sent ("" without a body).
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
    """Lowercase hex HMAC-SHA256 over timestamp + "." + raw_body."""
    return hmac.new(secret.encode("utf-8"), timestamp.encode("ascii") + b"." + raw_body, hashlib.sha256).hexdigest()


def signed_headers(api_key: str, api_secret: str, raw_body: bytes) -> dict[str, str]:
    """The three signing headers for this body, timestamped now."""
    timestamp = str(int(time.time()))
    return {
        header_service_key: api_key,
        header_service_timestamp: timestamp,
        header_service_signature: signature_of(api_secret, timestamp, raw_body),
    }
