"""Offline tests of payagg_webhooks: every failure by name, and the rotation overlap's two signatures."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from payagg_webhooks import WebhookSignatureError, parse_webhook_event, verify_webhook_signature

SECRET = "whsec_new_secret"
PREVIOUS = "whsec_previous_secret"
NOW = 1_800_000_000
BODY = b'{"id":"3b4c5d6e-7f8a-4b9c-8d0e-1f2a3b4c5d6e","type":"transaction.success","created_at":"2027-01-15T08:00:00.000Z","data":{"amount":150000,"sequence":2}}'


def sign(secret: str, timestamp: int, body: bytes) -> str:
    return hmac.new(secret.encode(), str(timestamp).encode() + b"." + body, hashlib.sha256).hexdigest()


def verify(**change):
    arguments = dict(raw_body=BODY, timestamp=str(NOW), signature=sign(SECRET, NOW, BODY), secret=SECRET, clock=lambda: NOW)
    arguments.update(change)
    verify_webhook_signature(**arguments)  # type: ignore[arg-type]


def test_accepts_an_authentic_delivery_as_bytes_or_text() -> None:
    verify()
    verify(raw_body=BODY.decode())
    verify(raw_body=bytearray(BODY))


@pytest.mark.parametrize("change, reason", [
    (dict(raw_body=BODY + b" "), "signature_mismatch"),
    (dict(secret="sk_api_secret"), "signature_mismatch"),
    (dict(timestamp=str(NOW - 301), signature=sign(SECRET, NOW - 301, BODY)), "timestamp_too_old"),
    (dict(timestamp=str(NOW + 301), signature=sign(SECRET, NOW + 301, BODY)), "timestamp_in_future"),
    (dict(signature=sign(SECRET, NOW, BODY).upper()), "signature_malformed"),
    (dict(signature="sha256=" + sign(SECRET, NOW, BODY)), "signature_malformed"),
    (dict(signature=None), "header_missing"),
    (dict(timestamp=None), "header_missing"),
    (dict(timestamp=str(NOW * 1000)), "timestamp_malformed"),
    (dict(raw_body={"id": "evt"}), "body_not_raw"),
    (dict(secret=""), "secret_missing"),
    (dict(secret=[]), "secret_missing"),
    (dict(tolerance_seconds=0, timestamp=str(NOW - 1), signature=sign(SECRET, NOW - 1, BODY)), "timestamp_too_old"),
])
def test_names_each_failure(change, reason) -> None:
    with pytest.raises(WebhookSignatureError) as caught:
        verify(**change)
    assert caught.value.reason == reason


def test_rotation_overlap_accepts_either_secret_or_both() -> None:
    header = f"{sign(SECRET, NOW, BODY)},{sign(PREVIOUS, NOW, BODY)}"
    for secret in (SECRET, PREVIOUS, [SECRET, PREVIOUS], (PREVIOUS, SECRET)):
        verify(signature=header, secret=secret)
    verify(signature=sign(PREVIOUS, NOW, BODY), secret=[SECRET, PREVIOUS])


def test_rotation_overlap_refuses_when_no_secret_matches_or_the_list_is_malformed() -> None:
    header = f"{sign(SECRET, NOW, BODY)},{sign(PREVIOUS, NOW, BODY)}"
    with pytest.raises(WebhookSignatureError) as caught:
        verify(signature=header, secret="whsec_other")
    assert caught.value.reason == "signature_mismatch"
    with pytest.raises(WebhookSignatureError) as caught:
        verify(signature=header, raw_body=BODY.replace(b"150000", b"150001"), secret=[SECRET, PREVIOUS])
    assert caught.value.reason == "signature_mismatch"
    good = sign(SECRET, NOW, BODY)
    for bad in (f"{good},", f"{good},xyz", ",".join([good] * 5)):
        with pytest.raises(WebhookSignatureError) as caught:
            verify(signature=bad)
        assert caught.value.reason == "signature_malformed"


def test_parse_reads_headers_in_any_case_and_returns_the_event() -> None:
    headers = {"x-service-timestamp": str(NOW), "X-SERVICE-SIGNATURE": sign(SECRET, NOW, BODY)}
    event = parse_webhook_event(BODY, headers, SECRET, clock=lambda: NOW)
    assert event["id"] == "3b4c5d6e-7f8a-4b9c-8d0e-1f2a3b4c5d6e"
    assert event["data"]["sequence"] == 2
    with pytest.raises(WebhookSignatureError):
        parse_webhook_event(BODY, {"X-Service-Timestamp": str(NOW), "X-Service-Signature": sign("x", NOW, BODY)}, SECRET, clock=lambda: NOW)


def test_old_import_path_still_works() -> None:
    from payagg_signing import verify_webhook_signature as old

    old(BODY, str(NOW), sign(SECRET, NOW, BODY), SECRET, clock=lambda: NOW)
