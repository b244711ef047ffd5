"""Offline tests of payagg_signing against a real local HTTP server (no mocks).

The server records what arrives on the wire and recomputes the HMAC over the exact bytes it
received, as the API does.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, Iterator, List

import pytest

import payagg_client
from payagg_signing import request_target_of, sign, sign_v2, signed_api_client

API_KEY = "pk_test_python"
API_SECRET = "sk_test_secret"
FIXED_CLOCK = 1_800_000_000.75


class _Recorder(BaseHTTPRequestHandler):
    requests: List[Dict[str, Any]] = []

    def _handle(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        self.requests.append({"method": self.command, "path": self.path, "headers": dict(self.headers), "body": body})
        payload = json.dumps({"data": [], "error": None, "meta": {"request_id": "req_local"}}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    do_GET = _handle
    do_POST = _handle
    do_DELETE = _handle

    def log_message(self, *args: Any) -> None:  # keep test output quiet
        pass


@pytest.fixture()
def server() -> Iterator[str]:
    _Recorder.requests = []
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    finally:
        httpd.shutdown()
        httpd.server_close()


def _expected_v1(headers: Dict[str, str], body: bytes) -> str:
    message = headers["X-Service-Timestamp"].encode() + b"." + body
    return hmac.new(API_SECRET.encode(), message, hashlib.sha256).hexdigest()


def _expected(request: Dict[str, Any]) -> str:
    """What the server computes for version 2, from what arrived on the wire."""
    headers = request["headers"]
    line = f"{headers['X-Service-Timestamp']}.{request['method']}.{request['path']}.{headers.get('Idempotency-Key', '')}."
    return hmac.new(API_SECRET.encode(), line.encode() + request["body"], hashlib.sha256).hexdigest()


def test_sign_matches_reference_vectors() -> None:
    # Same vectors as packages/sdk/test/signing.test.ts (from `openssl dgst -sha256 -hmac`).
    assert sign("sk_test_secret", 1700000000, '{"amount":150000,"currency":"KES"}') == (
        "ac229a359ad60a7233ec0470a04ca2e21403808fd911118d6e71a75c1895f4a4"
    )
    assert sign("sk_test_secret", "1700000000", None) == (
        "836b9373ad764878b0651cc65776d402c9ca7e45ef2958dd816f9dd255fa3b5f"
    )
    assert sign("whsec_ü", 1700000123, '{"reference":"café ☕"}'.encode()) == (
        "7153edd315bf95576e2432c2a3e44d8dffa2d6cead1469b3db4f9b2a9c9c4dca"
    )


def test_sign_v2_matches_reference_vectors() -> None:
    # Same vectors as packages/sdk/test/signing.test.ts (from `openssl dgst -sha256 -hmac`).
    assert sign_v2("sk_test_secret", 1700000000, "POST",
                   "/v1/collections/3f1c7a52-9a7e-4c55-8a55-0d6f3c1b2a10/refunds", "refund-1", '{"amount":1000}') == (
        "24b9c50e36d7b5ca0681467d79eb9f6403fb8cef4fb93dd243fd526dedaaba10"
    )
    assert sign_v2("sk_test_secret", "1700000000", "get", "/v1/transactions?limit=10", None, None) == (
        "43ea231e14bcaa625582d3e8b2cb8bae384e149c0b912c0fe28bee1bd57119b6"
    )
    assert sign_v2("whsec_ü", 1700000123, "POST", "/v1/collections", "order-42", '{"reference":"café ☕"}'.encode()) == (
        "a14ff6f75db8deec7ad8baa96e324df03dd315ed440cb91bb316128d8de0ebf2"
    )
    with pytest.raises(ValueError):
        sign_v2("s", 1, "GET", "https://api.example/v1/users", None, None)


def test_request_target_is_what_urllib3_sends() -> None:
    assert request_target_of("http://127.0.0.1:8080/v1/transactions?limit=10") == "/v1/transactions?limit=10"
    assert request_target_of("http://h/v1/users") == "/v1/users"
    assert request_target_of("http://h/v1/a b?q=é") == "/v1/a%20b?q=%C3%A9"


def test_get_is_signed_over_the_empty_body(server: str) -> None:
    with signed_api_client(server, API_KEY, API_SECRET, clock=lambda: FIXED_CLOCK) as api_client:
        envelope = payagg_client.TeamApi(api_client).list_users()
    assert envelope.data == []
    [request] = _Recorder.requests
    assert request["path"] == "/v1/users"
    assert request["body"] == b""
    assert request["headers"]["X-Service-Key"] == API_KEY
    assert request["headers"]["X-Service-Timestamp"] == "1800000000"
    assert request["headers"]["X-Service-Signature-Version"] == "2"
    assert request["headers"]["X-Service-Signature"] == hmac.new(
        API_SECRET.encode(), b"1800000000.GET./v1/users..", hashlib.sha256).hexdigest()


def test_get_with_a_query_is_signed_over_the_target_as_sent(server: str) -> None:
    with signed_api_client(server, API_KEY, API_SECRET, clock=lambda: FIXED_CLOCK) as api_client:
        payagg_client.TransactionsApi(api_client).list_transactions_without_preload_content(
            limit=10, status=payagg_client.TransactionStatus.SUCCESS)
    [request] = _Recorder.requests
    assert request["path"] == "/v1/transactions?limit=10&status=success"
    assert request["headers"]["X-Service-Signature"] == _expected(request)


def test_version_1_when_asked_sends_no_version_header(server: str) -> None:
    with signed_api_client(server, API_KEY, API_SECRET, signature_version=1) as api_client:
        payagg_client.TeamApi(api_client).list_users()
    [request] = _Recorder.requests
    assert "X-Service-Signature-Version" not in request["headers"]
    assert request["headers"]["X-Service-Signature"] == _expected_v1(request["headers"], b"")
    with pytest.raises(ValueError):
        signed_api_client(server, API_KEY, API_SECRET, signature_version=3)


def test_post_is_signed_over_the_exact_bytes_sent(server: str) -> None:
    with signed_api_client(server, API_KEY, API_SECRET) as api_client:
        collections = payagg_client.CollectionsApi(api_client)
        collections.create_collection_without_preload_content(
            idempotency_key="order-42",
            collection_create=payagg_client.CollectionCreate(
                amount=150000, currency="KES", rail=payagg_client.Rail.MOBILE_MONEY,
                payer_phone="+254712345678", reference="café ☕",
            ),
        )
    [request] = _Recorder.requests
    assert request["method"] == "POST"
    assert request["headers"]["Idempotency-Key"] == "order-42"
    assert json.loads(request["body"])["amount"] == 150000
    assert json.loads(request["body"])["reference"] == "café ☕"
    assert request["headers"]["X-Service-Signature-Version"] == "2"
    assert request["headers"]["X-Service-Signature"] == _expected(request)
    # The idempotency key is part of what was signed: another key gives another signature.
    assert request["headers"]["X-Service-Signature"] != _expected(
        {**request, "headers": {**request["headers"], "Idempotency-Key": "order-43"}})
    assert API_SECRET.encode() not in request["body"]
    assert API_SECRET not in json.dumps(request["headers"])


def test_credentials_are_required() -> None:
    with pytest.raises(ValueError):
        signed_api_client("http://127.0.0.1:1/v1", "", API_SECRET)


def test_webhook_verification_accepts_authentic_and_names_each_failure() -> None:
    from payagg_signing import WebhookSignatureError, verify_webhook_signature

    secret = "whsec_endpoint"
    body = b'{"id":"evt_1","type":"transaction.success"}'
    now = 1_800_000_000
    good = sign(secret, now, body)
    verify_webhook_signature(body, str(now), good, secret, clock=lambda: now)
    verify_webhook_signature(body.decode(), str(now - 300), sign(secret, now - 300, body), secret, clock=lambda: now)

    cases = [
        (dict(raw_body=body + b" "), "signature_mismatch"),
        (dict(secret="sk_api_secret"), "signature_mismatch"),
        (dict(timestamp=str(now - 301), signature=sign(secret, now - 301, body)), "timestamp_too_old"),
        (dict(timestamp=str(now + 301), signature=sign(secret, now + 301, body)), "timestamp_in_future"),
        (dict(signature=good.upper()), "signature_malformed"),
        (dict(signature=None), "header_missing"),
        (dict(timestamp=str(now * 1000)), "timestamp_malformed"),
        (dict(raw_body={"id": "evt_1"}), "body_not_raw"),
        (dict(tolerance_seconds=0, timestamp=str(now - 1), signature=sign(secret, now - 1, body)), "timestamp_too_old"),
    ]
    for change, reason in cases:
        arguments = dict(raw_body=body, timestamp=str(now), signature=good, secret=secret, clock=lambda: now)
        arguments.update(change)
        with pytest.raises(WebhookSignatureError) as caught:
            verify_webhook_signature(**arguments)  # type: ignore[arg-type]
        assert caught.value.reason == reason, (change, caught.value)
