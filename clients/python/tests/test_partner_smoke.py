"""Smoke test of the generated partner wallet client (clients/python/partner, package
payagg_partner_client) against a RUNNING server.

Needs PAYAGG_BASE_URL (the merchant base, ending in /v1: the partner base is the same origin's
/api/v1/partner) and PAYAGG_PARTNER_API_KEY (a key printed by `./payagg partners create --json`;
scripts/start-test-server.sh makes one). Without them the tests are skipped, saying why.
"""

from __future__ import annotations

import json
import os
import sys
import time
import uuid

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "partner"))

import payagg_partner_client  # noqa: E402
from payagg_partner_client.exceptions import ApiException, UnauthorizedException  # noqa: E402

BASE_URL = os.environ.get("PAYAGG_BASE_URL")
PARTNER_API_KEY = os.environ.get("PAYAGG_PARTNER_API_KEY")

_missing = [name for name, value in (("PAYAGG_BASE_URL", BASE_URL), ("PAYAGG_PARTNER_API_KEY", PARTNER_API_KEY)) if not value]
_skip_reason = f"partner smoke test needs a running server: set {', '.join(_missing)}" if _missing else ""
if _missing:
    print(f"SKIP clients/python partner smoke test: {_skip_reason}")

pytestmark = pytest.mark.skipif(bool(_missing), reason=_skip_reason)

# How long the withdrawal may take to settle through the sandbox payout rail (its default delay is
# a few seconds; the job queue polls about every second).
WITHDRAWAL_WAIT_S = 60


def partner_base_url() -> str:
    assert BASE_URL
    return BASE_URL.rstrip("/").removesuffix("/v1") + "/api/v1/partner"


def api(key: str | None = None) -> payagg_partner_client.PartnerWalletsApi:
    configuration = payagg_partner_client.Configuration(host=partner_base_url(), api_key={"PartnerApiKey": key or PARTNER_API_KEY})
    return payagg_partner_client.PartnerWalletsApi(payagg_partner_client.ApiClient(configuration))


def new_wallet(client: payagg_partner_client.PartnerWalletsApi, currency: str = "KES") -> payagg_partner_client.PartnerWallet:
    body = payagg_partner_client.PartnerWalletCreate(external_user_id=f"py-{uuid.uuid4()}", currency=currency)
    return client.create_partner_wallet(x_idempotency_key=str(uuid.uuid4()), partner_wallet_create=body).data


def test_create_deposit_transfer_withdraw_and_the_figures_agree() -> None:
    client = api()
    payer = new_wallet(client)
    payee = new_wallet(client)
    assert len(payer.account_number) == 10 and payer.available_balance == 0 and payer.pending_balance == 0

    deposit = client.create_partner_deposit(
        wallet_id=payer.id, x_idempotency_key=str(uuid.uuid4()),
        partner_deposit_create=payagg_partner_client.PartnerDepositCreate(amount=50_000, reference="py-top-up"))
    assert deposit.data.amount == 50_000 and deposit.data.status == payagg_partner_client.PartnerMovementStatus.SUCCESS

    transfer_key = str(uuid.uuid4())
    transfer_body = payagg_partner_client.PartnerTransferCreate(
        from_wallet_id=payer.id, to_account_number=payee.account_number, amount=12_500, reference="py-rent")
    transfer = client.create_partner_transfer(x_idempotency_key=transfer_key, partner_transfer_create=transfer_body).data
    replay = client.create_partner_transfer(x_idempotency_key=transfer_key, partner_transfer_create=transfer_body).data
    assert replay.id == transfer.id
    assert transfer.to_wallet_id == payee.id and transfer.to_amount == 12_500

    destination = client.create_partner_payout_destination(payagg_partner_client.PartnerPayoutDestinationCreate(
        destination_type="mobile_money", country="KE", currency="KES", phone="+254712346789")).data
    withdrawal = client.create_partner_withdrawal(
        wallet_id=payee.id, x_idempotency_key=str(uuid.uuid4()),
        partner_withdrawal_create=payagg_partner_client.PartnerWithdrawalCreate(
            amount=2_500, destination_ref=destination.destination_ref, reference="py-cash-out")).data
    assert withdrawal.status == payagg_partner_client.PartnerMovementStatus.PENDING
    # Reserved at once.
    assert client.get_partner_wallet_balance(wallet_id=payee.id).data.available_balance == 10_000
    deadline = time.monotonic() + WITHDRAWAL_WAIT_S
    while withdrawal.status == payagg_partner_client.PartnerMovementStatus.PENDING and time.monotonic() < deadline:
        time.sleep(0.5)
        withdrawal = client.get_partner_withdrawal(withdrawal_id=withdrawal.id).data
    assert withdrawal.status == payagg_partner_client.PartnerMovementStatus.SUCCESS

    payer_balance = client.get_partner_wallet_balance(wallet_id=payer.id).data
    payee_balance = client.get_partner_wallet_balance(wallet_id=payee.id).data
    assert payer_balance.available_balance == 37_500
    assert payee_balance.available_balance == 10_000
    for wallet_id, balance in ((payer.id, payer_balance), (payee.id, payee_balance)):
        listed = client.list_partner_wallet_transactions(wallet_id=wallet_id, limit=100)
        assert listed.meta.next_cursor is None
        rows = listed.data
        assert rows[0].balance_after == balance.available_balance
        total = sum(row.amount if row.type.value in ("deposit", "transfer_in", "withdrawal_reversal") else -row.amount for row in rows)
        assert total == balance.available_balance
    payee_rows = client.list_partner_wallet_transactions(wallet_id=payee.id).data
    assert [row.type.value for row in payee_rows] == ["withdrawal", "transfer_in"]
    assert payee_rows[1].counterparty_account_number == payer.account_number


def test_not_covered_is_402_and_a_conflicting_replay_409() -> None:
    client = api()
    payer = new_wallet(client)
    payee = new_wallet(client)
    body = payagg_partner_client.PartnerTransferCreate(from_wallet_id=payer.id, to_wallet_id=payee.id, amount=1, reference="none")
    with pytest.raises(ApiException) as refused:
        client.create_partner_transfer(x_idempotency_key=str(uuid.uuid4()), partner_transfer_create=body)
    assert refused.value.status == 402
    assert json.loads(refused.value.body)["error"]["code"] == "INSUFFICIENT_FUNDS"
    key = str(uuid.uuid4())
    client.create_partner_wallet(x_idempotency_key=key, partner_wallet_create=payagg_partner_client.PartnerWalletCreate(external_user_id=f"py-{uuid.uuid4()}", currency="KES"))
    with pytest.raises(ApiException) as conflict:
        client.create_partner_wallet(x_idempotency_key=key, partner_wallet_create=payagg_partner_client.PartnerWalletCreate(external_user_id=f"py-{uuid.uuid4()}", currency="KES"))
    assert conflict.value.status == 409
    assert json.loads(conflict.value.body)["error"]["code"] == "IDEMPOTENCY_CONFLICT"


def test_unknown_key_is_401_in_the_envelope() -> None:
    with pytest.raises(UnauthorizedException) as caught:
        api("pak_" + "x" * 48).get_partner_wallet_balance(wallet_id=str(uuid.uuid4()))
    body = json.loads(caught.value.body)
    assert body["data"] is None and body["error"]["code"] == "AUTH_INVALID_KEY" and body["meta"]["request_id"]
