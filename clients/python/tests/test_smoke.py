"""Smoke test of the generated client against a RUNNING server.

Needs PAYAGG_BASE_URL (ending in /v1), PAYAGG_API_KEY and PAYAGG_API_SECRET (for example a
sandbox merchant printed by `make run`). Without them the tests are skipped, saying why.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from datetime import datetime, timedelta, timezone

import pytest
import urllib3

import payagg_client
from payagg_client.exceptions import ApiException, UnauthorizedException
from payagg_signing import request_target_of, sign_v2, signed_api_client

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


def test_version_2_signs_queries_and_idempotency_keys_as_sent() -> None:
    assert BASE_URL and API_KEY and API_SECRET
    since = datetime.now(timezone(timedelta(hours=3))) - timedelta(days=1)
    with signed_api_client(BASE_URL, API_KEY, API_SECRET) as api_client:
        # A `+` in the offset is percent-encoded in the query; the signature covers the encoded form.
        listed = payagg_client.TransactionsApi(api_client).list_transactions_with_http_info(limit=2, date_from=since)
        assert listed.status_code == 200
        created = payagg_client.CollectionsApi(api_client).create_collection_with_http_info(
            idempotency_key=str(uuid.uuid4()),
            collection_create=payagg_client.CollectionCreate(
                amount=1500, currency="KES", rail=payagg_client.Rail.QR, reference="python smoke v2"),
        )
    assert created.status_code == 200
    assert created.data.data.amount == 1500


def test_version_1_still_passes_on_a_key_that_allows_it() -> None:
    assert BASE_URL and API_KEY and API_SECRET
    with signed_api_client(BASE_URL, API_KEY, API_SECRET, signature_version=1) as api_client:
        response = payagg_client.TeamApi(api_client).list_users_with_http_info()
    assert response.status_code == 200


def test_a_captured_version_2_request_does_not_replay_to_another_query() -> None:
    assert BASE_URL and API_KEY and API_SECRET
    http = urllib3.PoolManager()
    url = f"{BASE_URL.rstrip('/')}/transactions?limit=1"
    timestamp = str(int(time.time()))
    headers = {
        "X-Service-Key": API_KEY,
        "X-Service-Timestamp": timestamp,
        "X-Service-Signature-Version": "2",
        "X-Service-Signature": sign_v2(API_SECRET, timestamp, "GET", request_target_of(url), None, b""),
    }
    assert http.request("GET", url, headers=headers).status == 200
    replayed = http.request("GET", url.replace("limit=1", "limit=100"), headers=headers)
    assert replayed.status == 401
    assert json.loads(replayed.data)["error"]["code"] == "AUTH_SIGNATURE_MISMATCH"


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


def test_create_and_read_a_sub_merchant_with_its_kyc_case() -> None:
    assert BASE_URL and API_KEY and API_SECRET
    key = str(uuid.uuid4())
    body = payagg_client.SubMerchantCreate(
        display_name="Python Smoke Seller", type=payagg_client.SubMerchantType.BUSINESS, country="KE",
        kyc_tier=payagg_client.KycTier.TIER_2,
        contact=payagg_client.SubMerchantContact(phone="+254712000123", email="seller@smoke.example"),
    )
    with signed_api_client(BASE_URL, API_KEY, API_SECRET) as api_client:
        api = payagg_client.SubMerchantsApi(api_client)
        created = api.create_sub_merchant(idempotency_key=key, sub_merchant_create=body).data
        assert created.display_name == "Python Smoke Seller"
        assert created.kyc_tier == payagg_client.KycTier.TIER_2
        assert created.kyc_status == payagg_client.KycStatus.PENDING
        assert created.status == payagg_client.SubMerchantStatus.ACTIVE
        # The same key and body replays the original.
        assert api.create_sub_merchant(idempotency_key=key, sub_merchant_create=body).data == created
        read = api.get_sub_merchant(id=created.id).data
        assert read == created
        kyc = api.get_sub_merchant_kyc(id=created.id).data
        assert kyc.sub_merchant_id == created.id
        assert kyc.tier == payagg_client.KycTier.TIER_2
        assert list(kyc.requirements) == [
            payagg_client.KycRequirement.LEGAL_NAME, payagg_client.KycRequirement.PHONE_NUMBER,
            payagg_client.KycRequirement.BUSINESS_REGISTRATION, payagg_client.KycRequirement.PROOF_OF_ADDRESS,
        ]
        listed = api.list_sub_merchants(limit=100).data
        assert created.id in [sub_merchant.id for sub_merchant in listed]
        wallets = payagg_client.WalletsApi(api_client).list_wallets(owner_id=created.id)
        assert wallets.data == [] and wallets.meta.next_cursor is None


def test_a_conflicting_sub_merchant_create_is_idempotency_conflict() -> None:
    assert BASE_URL and API_KEY and API_SECRET
    key = str(uuid.uuid4())
    with signed_api_client(BASE_URL, API_KEY, API_SECRET) as api_client:
        api = payagg_client.SubMerchantsApi(api_client)
        api.create_sub_merchant(idempotency_key=key, sub_merchant_create=payagg_client.SubMerchantCreate(
            display_name="First", type=payagg_client.SubMerchantType.INDIVIDUAL, country="NG"))
        with pytest.raises(ApiException) as caught:
            api.create_sub_merchant(idempotency_key=key, sub_merchant_create=payagg_client.SubMerchantCreate(
                display_name="Second", type=payagg_client.SubMerchantType.INDIVIDUAL, country="NG"))
    assert caught.value.status == 409
    assert json.loads(caught.value.body)["error"]["code"] == "IDEMPOTENCY_CONFLICT"


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
