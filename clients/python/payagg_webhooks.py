"""Webhook verification for receivers of PayAgg deliveries (hand-written; not generated).

Every delivery is a POST with a JSON body and these headers::

    X-Service-Timestamp  Unix seconds, as a decimal string
    X-Service-Signature  lowercase hex HMAC-SHA256(signing_secret, timestamp + "." + raw_body)
    X-Service-Event-Id   the event's id (deduplicate on it)

During a secret rotation's overlap ``X-Service-Signature`` holds one digest per secret,
comma-separated (the new secret's first). A delivery is authentic when any digest matches any
secret the receiver holds, so pass the new secret, the previous one, or both.

Verify on the raw bytes, before parsing: ``request.get_data()`` in Flask, ``await request.body()``
in Starlette/FastAPI, ``request.body`` in Django. Then deduplicate on ``id`` and use
``data["sequence"]`` to drop an older event of the same resource that arrives late.

Usage::

    from payagg_webhooks import parse_webhook_event, WebhookSignatureError

    try:
        event = parse_webhook_event(request.get_data(), request.headers, secret=SIGNING_SECRET)
    except WebhookSignatureError as error:
        return f"rejected: {error.reason}", 400
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from typing import Any, Callable, Mapping, Optional, Sequence, Union

WEBHOOK_TOLERANCE_DEFAULT_SECONDS = 300
WEBHOOK_SIGNATURES_MAX = 4
WEBHOOK_SIGNATURE_SEPARATOR = ","
HEADER_TIMESTAMP = "X-Service-Timestamp"
HEADER_SIGNATURE = "X-Service-Signature"
HEADER_EVENT_ID = "X-Service-Event-Id"

_HEX = frozenset("0123456789abcdef")


class WebhookSignatureError(ValueError):
    """A webhook delivery failed verification; ``reason`` names the failure.

    Reasons: header_missing, secret_missing, body_not_raw, timestamp_malformed,
    timestamp_too_old, timestamp_in_future, signature_malformed, signature_mismatch.
    """

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def _digest(secret: str, timestamp: str, body: bytes) -> bytes:
    return hmac.new(secret.encode("utf-8"), timestamp.encode("ascii") + b"." + body, hashlib.sha256).digest()


def verify_webhook_signature(raw_body: Union[bytes, bytearray, memoryview, str], timestamp: Optional[str],
                             signature: Optional[str], secret: Union[str, Sequence[str]],
                             tolerance_seconds: Optional[int] = None,
                             clock: Callable[[], float] = time.time) -> None:
    """Raises WebhookSignatureError unless the delivery is authentic and fresh.

    ``secret`` is the endpoint's signing_secret, or a list of them during a rotation.
    """
    # `is None`, not `or`: a tolerance of 0 is a valid (strict) choice.
    tolerance = WEBHOOK_TOLERANCE_DEFAULT_SECONDS if tolerance_seconds is None else tolerance_seconds
    if tolerance < 0:
        raise ValueError(f"tolerance_seconds must not be negative, got {tolerance}")
    secrets = [secret] if isinstance(secret, str) else list(secret or [])
    if not secrets or any(not isinstance(s, str) or not s for s in secrets):
        raise WebhookSignatureError(
            "secret_missing", "no signing secret: pass the endpoint's signing_secret (returned once by POST /webhooks)")
    if isinstance(raw_body, str):
        body = raw_body.encode("utf-8")
    elif isinstance(raw_body, (bytes, bytearray, memoryview)):
        body = bytes(raw_body)
    else:
        raise WebhookSignatureError(
            "body_not_raw", "raw_body must be the bytes received, not parsed JSON (re-serialised JSON has other bytes)")
    if not timestamp or not signature:
        missing = HEADER_TIMESTAMP if not timestamp else HEADER_SIGNATURE
        raise WebhookSignatureError("header_missing", f"the {missing} header is missing")
    timestamp = timestamp.strip()
    if not timestamp.isdigit() or not timestamp.isascii() or len(timestamp) > 11:
        hint = " (it looks like milliseconds; the header carries seconds)" if timestamp.isdigit() and len(timestamp) == 13 else ""
        raise WebhookSignatureError("timestamp_malformed", f"X-Service-Timestamp must be Unix seconds, got {timestamp!r}{hint}")
    candidates = [part.strip() for part in signature.split(WEBHOOK_SIGNATURE_SEPARATOR)]
    if len(candidates) > WEBHOOK_SIGNATURES_MAX or any(len(c) != 64 or not set(c) <= _HEX for c in candidates):
        raise WebhookSignatureError(
            "signature_malformed",
            "X-Service-Signature must be 64 lowercase hex characters, or up to "
            f"{WEBHOOK_SIGNATURES_MAX} of them comma-separated during a secret rotation")
    age_seconds = int(clock()) - int(timestamp)
    if age_seconds > tolerance:
        raise WebhookSignatureError("timestamp_too_old", f"timestamp is {age_seconds} s old (tolerance {tolerance} s)")
    if -age_seconds > tolerance:
        raise WebhookSignatureError("timestamp_in_future", f"timestamp is {-age_seconds} s in the future (tolerance {tolerance} s)")
    expected = [_digest(s, timestamp, body) for s in secrets]
    received = [bytes.fromhex(c) for c in candidates]
    matched = False
    # Every pair compared (no early exit), each in constant time.
    for digest in expected:
        for candidate in received:
            matched = hmac.compare_digest(digest, candidate) or matched
    if not matched:
        raise WebhookSignatureError(
            "signature_mismatch",
            "signature does not match: use the endpoint's signing_secret (not the API secret; the latest one "
            "from POST /webhooks or rotate-secret) and the raw body exactly as received")


def _header(headers: Mapping[str, Any], name: str) -> Optional[str]:
    value = headers.get(name)
    if value is None:
        lowered = name.lower()
        value = next((v for k, v in headers.items() if str(k).lower() == lowered), None)
    if isinstance(value, (list, tuple)):
        value = value[0] if value else None
    return None if value is None else str(value)


def parse_webhook_event(raw_body: Union[bytes, bytearray, memoryview, str], headers: Mapping[str, Any],
                        secret: Union[str, Sequence[str]], tolerance_seconds: Optional[int] = None,
                        clock: Callable[[], float] = time.time) -> dict:
    """Verifies a delivery from its headers and raw body, then parses it (``{id, type, created_at, data}``)."""
    verify_webhook_signature(raw_body, _header(headers, HEADER_TIMESTAMP), _header(headers, HEADER_SIGNATURE),
                             secret, tolerance_seconds, clock)
    text = raw_body if isinstance(raw_body, str) else bytes(raw_body).decode("utf-8")
    return json.loads(text)
