"""Smoke test of the generated client against a RUNNING server.

Needs PAYAGG_BASE_URL (ending in /v1), PAYAGG_API_KEY and PAYAGG_API_SECRET (for example a
sandbox merchant printed by `make run`). Without them the tests are skipped, saying why.
"""

from __future__ import annotations

import json
import os

import pytest

import payagg_client
from payagg_client.exceptions import UnauthorizedException
from payagg_signing import signed_api_client

BASE_URL = os.environ.get("PAYAGG_BASE_URL")
API_KEY = os.environ.get("PAYAGG_API_KEY")
API_SECRET = os.environ.get("PAYAGG_API_SECRET")

_missing = [name for name, value in (("PAYAGG_BASE_URL", BASE_URL), ("PAYAGG_API_KEY", API_KEY),
                                     ("PAYAGG_API_SECRET", API_SECRET)) if not value]
_skip_reason = f"smoke test needs a running server: set {', '.join(_missing)}" if _missing else ""
if _missing:
    print(f"SKIP clients/python smoke test: {_skip_reason}")

pytestmark = pytest.mark.skipif(bool(_missing), reason=_skip_reason)


def test_list_users_returns_an_envelope() -> None:
    assert BASE_URL and API_KEY and API_SECRET
    with signed_api_client(BASE_URL, API_KEY, API_SECRET) as api_client:
        response = payagg_client.TeamApi(api_client).list_users_with_http_info()
    assert response.status_code == 200
    envelope = response.data
    assert isinstance(envelope.data, list)
    assert envelope.error is None
    assert envelope.meta.request_id
    assert response.headers is not None and response.headers.get("X-Request-Id") == envelope.meta.request_id
    for user in envelope.data:
        assert user.role in set(payagg_client.UserRole)


def test_wrong_secret_is_auth_signature_mismatch() -> None:
    assert BASE_URL and API_KEY
    with signed_api_client(BASE_URL, API_KEY, "not-the-secret") as api_client:
        with pytest.raises(UnauthorizedException) as caught:
            payagg_client.TeamApi(api_client).list_users()
    assert caught.value.status == 401
    body = json.loads(caught.value.body)
    assert body["data"] is None
    assert body["error"]["code"] == "AUTH_SIGNATURE_MISMATCH"
    assert body["meta"]["request_id"]


def test_unknown_key_is_auth_invalid_key() -> None:
    assert BASE_URL and API_SECRET
    with signed_api_client(BASE_URL, "pk_unknown_key_0000", API_SECRET) as api_client:
        with pytest.raises(UnauthorizedException) as caught:
            payagg_client.TeamApi(api_client).list_users()
    assert json.loads(caught.value.body)["error"]["code"] == "AUTH_INVALID_KEY"


def test_webhook_endpoint_lifecycle_through_the_generated_client() -> None:
    assert BASE_URL and API_KEY and API_SECRET
    with signed_api_client(BASE_URL, API_KEY, API_SECRET) as api_client:
        webhooks = payagg_client.WebhooksApi(api_client)
        created = webhooks.create_webhook_endpoint(payagg_client.WebhookEndpointCreate(
            url="https://hooks.merchant.example/python-smoke",
            subscribed_events=[payagg_client.WebhookEventType.TRANSACTION_DOT_SUCCESS]))
        endpoint = created.data
        assert endpoint.signing_secret.startswith("whsec_")
        listed = webhooks.list_webhook_endpoints().data
        assert endpoint.id in [e.id for e in listed]
        assert all(not hasattr(e, "signing_secret") for e in listed)
        rotated = webhooks.rotate_webhook_secret(endpoint.id).data
        assert rotated.signing_secret != endpoint.signing_secret
        assert rotated.previous_secret_expires_at is not None
        assert webhooks.list_webhook_deliveries(endpoint.id).data == []
        webhooks.delete_webhook_endpoint(endpoint.id)
        assert endpoint.id not in [e.id for e in webhooks.list_webhook_endpoints().data]
        events = webhooks.list_events(limit=5)
        assert isinstance(events.data, list)
