"""Schemathesis hooks for the PayAgg conformance run (loaded by run-schemathesis.sh through
SCHEMATHESIS_HOOKS=schemathesis_hooks).

What a real client does, schemathesis must do too, or every request would stop at 401:

1. Merchant operations are signed with signature version 2, as the SDK and the Python client
   sign by default: X-Service-Key, X-Service-Timestamp (Unix seconds),
   X-Service-Signature-Version: 2 and X-Service-Signature = lowercase hex HMAC-SHA256(api_secret,
   timestamp.METHOD.path_with_query.idempotency_key.raw_body). Signing runs as a `requests` auth
   object, i.e. on the PreparedRequest, after schemathesis has serialized the body and the URL and
   set the Idempotency-Key, so the signature covers the exact method, request target, key and
   bytes that go on the wire (negative cases with odd bodies, paths and queries included).
   Version 1 (the seed's scheme) is covered by the black-box tests (conformance/test/auth.test.ts).
2. The seven operations that take an Idempotency-Key get a fresh uuid4, unless the case is a
   negative one about that header (then the generated or missing value is what is under test).
3. The two payer-facing checkout operations are authorised by a client_token. For single-operation
   phases the hook creates a real session first (signed POST /checkout-sessions), points the
   path id at it and sends its token in exactly one of the two allowed forms. In the stateful
   phase the token arrives through the spec's link (client_token query parameter) and is kept.
4. The partner wallet family (X-API-Key) uses PAYAGG_PARTNER_API_KEY when it is set
   (run-schemathesis.sh makes one), and its references are made real too (section 6 below):
   a positive case's walletId / withdrawalId names a real wallet / withdrawal of the partner (the
   wallet funded by sandbox deposits), a transfer names two real wallets of one currency (by id or
   by account number, as generated; account numbers carry a check digit no schema states) and no
   rate lock, a withdrawal a real destinationRef of the partner, a transactions cursor a real
   next_cursor of that wallet, and a rate lock two different currencies.
5. References a schema cannot describe are made real, as a client only ever sends real ones:
   - createRefund: the path id of a single-operation case points at a fresh collection that the
     sandbox rail has already settled (a refund needs a successful collection); in the stateful
     phase the id comes through the link from createCollection and the hook waits until the
     sandbox settles that collection (the test server runs with a 0 ms sandbox outcome delay);
   - listTransactions: a positive case's `date_from` and `date_to` are put in order (the spec
     makes `date_from` after `date_to` a 422, a relation between two parameters no schema can state);
   - getWalletBalance: a positive case's `at` becomes an hour ago (the rules take an instant from
     1970 up to now, decision 0722, a range no schema can state for a date-time);
   - listTransactions, listEvents, listWebhookDeliveries: a generated `cursor` on a positive case
     becomes a real `meta.next_cursor` of that list (a cursor is opaque, tamper-evident and bound
     to its list: any other string is rightly a 422); for the deliveries list the path id becomes
     the endpoint that cursor pages (a conformance endpoint with deliveries of its own);
   - createWebhookEndpoint: the `url` of a positive case becomes a public https URL (the spec's
     own example host): whether a URL is "publicly resolvable" depends on DNS and on the address
     ranges it names, which no schema can describe, and a generated one may name a private
     address or carry credentials (rightly a 422 naming url);
   - createCollection, createCheckoutSession: a generated `sub_merchant_id` on a positive case
     becomes PAYAGG_SUB_MERCHANT_ID when set, else a sub-merchant the hook creates once
     (POST /sub-merchants); an unknown one is rightly a 422. (Its KYC tier's limits may refuse a
     large generated amount with 403 COMPLIANCE_HOLD, a documented status.)
   - getSubMerchant, getSubMerchantKyc, suspendSubMerchant, reactivateSubMerchant,
     getWalletBalance, listWalletEntries: the path id of a positive single-operation case becomes
     a real sub-merchant / wallet of the test merchant (a random uuid is only ever a 404);
   - getFxRate, createFxRateLock: a positive case naming the same currency as base and quote
     gets another quote currency (the same currency twice is rightly a 422 naming quote_currency);
   - createPayout, createPayoutBatch: a positive case's `fx_rate_lock_id` becomes a fresh real lock
     (wallet currency -> payout currency) when the currencies differ, else null (see the end of
     this file; a generated lock id is never the merchant's, rightly a 422 naming it);
   - listSubMerchants, listWallets, listWalletEntries: a generated `cursor` on a positive case
     becomes a real `meta.next_cursor` of that list (for a statement, in the stateful phase too, the
     path then names the wallet whose cursor it is).
   - createSandboxDispute, resolveSandboxDispute, getDispute, listDisputes (disputes, issue 15):
     a positive case's body `transaction_id` becomes a fresh settled collection (a dispute needs a
     successful collection of the merchant: any other uuid is rightly a 404); the path id of
     resolveSandboxDispute becomes a freshly opened dispute (an already resolved one is rightly a
     409) and getDispute's a real dispute; a generated `cursor` on listDisputes becomes a real
     `meta.next_cursor` of that list.
   Negative cases about these parameters go out exactly as generated.

7. The operators' family (spec/ops.yaml, Bearer operator key from PAYAGG_OPS_API_KEY) has its own
   module, schemathesis_ops_hooks.py, registered at the end of this one.

Credentials come from the environment: PAYAGG_BASE_URL (ends in /v1), PAYAGG_API_KEY,
PAYAGG_API_SECRET. Nothing here loosens a check: the hooks only make requests well-formed where the
spec says the client must (signature, idempotency key, token); everything else is generated.
"""

from __future__ import annotations

import ast
import json
import math
import os
import sys
import re
import threading
import time
import uuid
from datetime import datetime, timedelta, timezone
from collections.abc import MutableMapping
from typing import Any

import requests
import schemathesis
from schemathesis.core.parameters import ParameterLocation
from schemathesis.generation.meta import TestPhase, negated_parameters

# CPython 3.11 (the venv's Python) builds AST objects with a recursion counter that is not
# thread-safe (CPython gh-106905, fixed in later releases): two schemathesis workers parsing source
# at once (hypothesis describes its filter lambdas with ast.parse) can fail a run with "AST
# constructor recursion depth mismatch", a harness crash, not a finding. One parse at a time.
_ast_parse = ast.parse
_ast_parse_lock = threading.RLock()


def _serialised_ast_parse(*args: Any, **kwargs: Any) -> Any:
    with _ast_parse_lock:
        return _ast_parse(*args, **kwargs)


ast.parse = _serialised_ast_parse  # type: ignore[assignment]

# payagg_signing.py lives beside this module.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from payagg_signing import header_idempotency_key, header_value, raw_body_bytes, service_headers  # noqa: E402
from payagg_signing import signed_headers_v2  # noqa: E402
import schemathesis_ops_hooks  # noqa: E402  (the operators' family: schemathesis_ops_hooks.py)

base_url = os.environ["PAYAGG_BASE_URL"].rstrip("/")
api_key = os.environ["PAYAGG_API_KEY"]
api_secret = os.environ["PAYAGG_API_SECRET"]
partner_api_key = os.environ.get("PAYAGG_PARTNER_API_KEY") or None
given_sub_merchant_id = os.environ.get("PAYAGG_SUB_MERCHANT_ID") or None
uuid_pattern = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")

header_checkout_token = "X-Checkout-Token"
query_client_token = "client_token"
header_partner_api_key = "X-API-Key"
# Merchant operations take `Idempotency-Key`, the partner family `X-Idempotency-Key`.
idempotency_headers = ("Idempotency-Key", "X-Idempotency-Key")

checkout_operation_ids = ("getCheckoutSession", "payCheckoutSession")
partner_operation_ids = (
    "createPartnerWallet", "getPartnerWallet", "getPartnerWalletBalance", "listPartnerWalletTransactions",
    "createPartnerDeposit", "createPartnerTransfer", "createPartnerPayoutDestination", "createPartnerWithdrawal",
    "getPartnerWithdrawal", "createPartnerFxRateLock",
)

# Timeout of the hook's own set-up requests (session and collection creation, reads).
setup_request_timeout_s = 10
# How long the hook waits for the sandbox rail to settle a collection before refunding it. The
# test server settles in well under a second (SANDBOX_RAIL_OUTCOME_DELAY_MS=0; the default is 2 s);
# a collection still pending after this (the `late` magic values) is refunded as it is, and
# refused with 422.
# 20 s: a settlement now goes through the provider-outcome jobs (decision 0610), which wait their turn behind the fuzzer's load.
# 20 s ran out once in CI (2026-11-28, seed 9516272881975736600): under the fuzzer's load the
# outcome jobs fell behind. 60 s still ends a run whose worker is really stopped.
settle_wait_s = 60
settle_poll_interval_s = 0.05
# The collection a refund case refunds: large enough that most generated refund amounts fit in it
# (an amount above what remains is rightly a 422), on the rail that needs no payer field.
refund_setup_collection_body = {"amount": 100_000_000_000, "currency": "KES", "rail": "qr", "reference": "conformance-refund"}
settled_collections_batch_size = 10
# The session the payer hooks pay: every rail allowed, so any generated rail is acceptable.
checkout_session_setup_body = {"amount": 150000, "currency": "KES", "reference": "conformance-checkout"}


class ServiceSignatureAuth(requests.auth.AuthBase):
    """Signs the request as it will be sent (version 2); requests recomputes Content-Length afterwards."""

    def __call__(self, request: requests.PreparedRequest) -> requests.PreparedRequest:
        raw = raw_body_bytes(request.body)
        if request.body is not None:
            # From here on the body is these exact bytes, the ones the signature covers.
            request.body = raw
        # path_url is the request target urllib3 sends (requests has already normalised and
        # percent-encoded the URL; urllib3 leaves such a target as it is).
        headers = signed_headers_v2(
            api_key, api_secret, request.method or "GET", request.path_url,
            header_value(request.headers, header_idempotency_key), raw,
        )
        for name, value in headers.items():
            request.headers[name] = value
        return request


def negated(case: Any) -> set[tuple[str, ParameterLocation]]:
    """(name, location) of every parameter a negative case deliberately broke."""
    return {(name.lower(), location) for name, location in negated_parameters(case.meta)}


def headers_of(case: Any) -> MutableMapping[str, Any]:
    # A negative case may replace the whole container with a non-mapping; start a fresh one then.
    if not isinstance(case.headers, MutableMapping):
        case.headers = {}
    return case.headers


def query_of(case: Any) -> MutableMapping[str, Any]:
    if not isinstance(case.query, MutableMapping):
        case.query = {}
    return case.query


def drop_key(container: MutableMapping[str, Any], name: str) -> None:
    for key in [key for key in container if key.lower() == name.lower()]:
        del container[key]


def is_stateful(case: Any) -> bool:
    meta = case.meta
    return meta is not None and meta.phase.name == TestPhase.STATEFUL


class MerchantApi:
    """The hook's own signed calls to the merchant API, as any client makes them."""

    def __init__(self) -> None:
        self._local = threading.local()

    def _session(self) -> requests.Session:
        # One session per schemathesis worker thread (a requests.Session is not thread-safe).
        if not hasattr(self._local, "session"):
            self._local.session = requests.Session()
        return self._local.session

    def call(self, method: str, path: str, body: dict[str, Any] | None = None, params: dict[str, Any] | None = None) -> Any:
        raw = b"" if body is None else json.dumps(body).encode("utf-8")
        headers: dict[str, str] = {}
        if body is not None:
            headers["Content-Type"] = "application/json"
            headers["Idempotency-Key"] = str(uuid.uuid4())
        response = self._session().request(
            method, f"{base_url}{path}", data=raw or None, params=params, headers=headers,
            auth=service_signature_auth, timeout=setup_request_timeout_s,
        )
        if response.status_code != 200:
            raise RuntimeError(f"conformance hook: {method} {path} answered {response.status_code} {response.text[:500]}")
        return response.json()


merchant_api = MerchantApi()


def wait_until_settled(collection_id: str) -> str:
    """Polls GET /collections/{id} until the sandbox rail has settled it; returns its status."""
    deadline = time.monotonic() + settle_wait_s
    while True:
        status = merchant_api.call("GET", f"/collections/{collection_id}")["data"]["status"]
        if status != "pending" or time.monotonic() >= deadline:
            return status
        time.sleep(settle_poll_interval_s)


class SettledCollections:
    """Hands out collections the sandbox rail has settled successfully, each one used once.

    Made `settled_collections_batch_size` at a time and waited for together, so a server with the
    default 2 s sandbox delay costs one delay per batch, not one per refund case.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ready: list[str] = []

    def take(self) -> str:
        with self._lock:
            if not self._ready:
                created = [
                    merchant_api.call("POST", "/collections", body=refund_setup_collection_body)["data"]["id"]
                    for _ in range(settled_collections_batch_size)
                ]
                for collection_id in created:
                    status = wait_until_settled(collection_id)
                    if status != "success":
                        raise RuntimeError(
                            f"conformance hook: collection {collection_id} is {status}, not success, after "
                            f"{settle_wait_s} s; is the sandbox rail outcome worker running?"
                        )
                self._ready = created
            return self._ready.pop()


settled_collections = SettledCollections()


class ListCursor:
    """A real `meta.next_cursor` of one list (cursors never expire; one is enough).

    Collections make the items of both lists it serves: transactions, and their events.
    """

    def __init__(self, path: str) -> None:
        self._path = path
        self._lock = threading.Lock()
        self._cursor: str | None = None

    def get(self) -> str:
        with self._lock:
            while self._cursor is None:
                cursor = merchant_api.call("GET", self._path, params={"limit": 1})["meta"]["next_cursor"]
                if cursor is None:
                    # Fewer than two transactions yet: make them, then page again.
                    for _ in range(2):
                        merchant_api.call("POST", "/collections", body={**refund_setup_collection_body, "amount": 100})
                self._cursor = cursor
            return self._cursor


class DeliveriesCursor:
    """An endpoint with at least two deliveries and a real cursor of its delivery list."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._page: tuple[str, str] | None = None

    def get(self) -> tuple[str, str]:
        with self._lock:
            if self._page is None:
                endpoint = register_conformance_endpoint(["transaction.pending"])
                for _ in range(2):
                    merchant_api.call("POST", "/collections", body={**refund_setup_collection_body, "amount": 100})
                deadline = time.monotonic() + 30
                while True:
                    page = merchant_api.call("GET", f"/webhooks/{endpoint['id']}/deliveries", params={"limit": 1})
                    if page["meta"]["next_cursor"] is not None:
                        self._page = (endpoint["id"], page["meta"]["next_cursor"])
                        break
                    if time.monotonic() > deadline:
                        raise RuntimeError("the conformance endpoint got no deliveries within 30 s")
                    time.sleep(0.2)
            return self._page


def register_conformance_endpoint(events: list[str]) -> dict[str, Any]:
    """A new endpoint, even when the run has filled the merchant's 100 (decision 0540): then the
    oldest one makes room."""
    body = {"url": conformance_webhook_url, "subscribed_events": events}
    try:
        return merchant_api.call("POST", "/webhooks", body=body)["data"]
    except RuntimeError as refused:
        if "WEBHOOK_ENDPOINT_LIMIT_REACHED" not in str(refused):
            raise
    oldest = merchant_api.call("GET", "/webhooks")["data"][0]
    merchant_api.call("DELETE", f"/webhooks/{oldest['id']}")
    return merchant_api.call("POST", "/webhooks", body=body)["data"]


transactions_cursor = ListCursor("/transactions")
events_cursor = ListCursor("/events")
deliveries_cursor = DeliveriesCursor()
# A public https URL for webhook registrations (the spec's example host: it does not resolve, so
# nothing is ever delivered to it; the service accepts a name that does not resolve yet).
conformance_webhook_url = "https://hooks.merchant.example/payagg-conformance"


class ConformanceResources:
    """Real resources of the test merchant the hooks point generated references at, made once."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sub_merchant_id: str | None = given_sub_merchant_id
        self._wallet_id: str | None = None
        self._cursors: dict[str, str] = {}

    def sub_merchant_id(self) -> str:
        with self._lock:
            if self._sub_merchant_id is None:
                body = {"display_name": "Conformance Seller", "type": "business", "country": "KE", "kyc_tier": "tier_2"}
                self._sub_merchant_id = merchant_api.call("POST", "/sub-merchants", body=body)["data"]["id"]
            return self._sub_merchant_id

    def wallet_id(self) -> str:
        """The merchant's KES wallet, with at least two entries (two settled collections)."""
        with self._lock:
            if self._wallet_id is None:
                for currency in ("KES", "KES", "NGN"):
                    created = merchant_api.call("POST", "/collections", body={**refund_setup_collection_body, "amount": 100, "currency": currency})
                    wait_until_settled(created["data"]["id"])
                wallets = merchant_api.call("GET", "/wallets", params={"limit": 100})["data"]
                self._wallet_id = next(w["id"] for w in wallets if w["owner_type"] == "merchant" and w["currency"] == "KES")
            return self._wallet_id

    def cursor(self, path: str, make_row: Any) -> str:
        """A real next_cursor of the list at `path`, calling make_row() until it has a second page."""
        with self._lock:
            cursor = self._cursors.get(path)
        for _ in range(3):
            if cursor is not None:
                break
            cursor = merchant_api.call("GET", path, params={"limit": 1})["meta"]["next_cursor"]
            if cursor is None:
                make_row()
        if cursor is None:
            raise RuntimeError(f"conformance hook: {path} has no second page; cannot make a real cursor")
        with self._lock:
            self._cursors[path] = cursor
        return cursor


resources = ConformanceResources()
sub_merchant_path_operation_ids = ("getSubMerchant", "getSubMerchantKyc", "suspendSubMerchant", "reactivateSubMerchant")
wallet_path_operation_ids = ("getWalletBalance", "listWalletEntries")


# --- 1. merchant signing ------------------------------------------------------------------------
service_signature_auth = ServiceSignatureAuth()


def drops_a_service_header(case: Any) -> bool:
    """A negative case whose generated headers left out one of the three signing headers.

    Schemathesis reports some header negations only as "violates required" on the whole header
    component, without naming the header; signing such a case would put back exactly what the
    case is about, so it goes out as generated (and must be refused with 401).
    """
    meta = case.meta
    if meta is None or not meta.is_negative_at(ParameterLocation.HEADER):
        return False
    present = {name.lower() for name in case.headers} if isinstance(case.headers, MutableMapping) else set()
    return any(name.lower() not in present for name in service_headers)


# Every merchant operation; not the payer checkout operations (token-authorised), the partner
# family (X-API-Key) nor the operators' (Bearer opk_...). refresh_interval=None: decided per case, nothing cached.
@schemathesis.auth(refresh_interval=None).skip_for(operation_id=[*checkout_operation_ids, *partner_operation_ids, *schemathesis_ops_hooks.ops_operation_ids])
class MerchantSignatureAuth:
    def get(self, case: Any, context: Any) -> ServiceSignatureAuth | None:
        if drops_a_service_header(case):
            return None
        return service_signature_auth

    def set(self, case: Any, data: ServiceSignatureAuth, context: Any) -> None:
        # A requests auth object runs on the PreparedRequest: it signs the final body bytes.
        # (This is what schemathesis.auth.set_from_requests does; done by hand to decide per case.)
        case._auth = data


# --- 3. payer checkout token --------------------------------------------------------------------
class CheckoutSessions:
    """Creates real checkout sessions through the merchant API (signed like any client would)."""

    def __init__(self) -> None:
        self._http = requests.Session()
        self._lock = threading.Lock()

    def create(self) -> tuple[str, str]:
        """Returns (session id, client_token) of a new open session."""
        body = json.dumps(checkout_session_setup_body).encode("utf-8")
        headers = {"Content-Type": "application/json", "Idempotency-Key": str(uuid.uuid4())}
        with self._lock:
            response = self._http.post(
                f"{base_url}/checkout-sessions", data=body, headers=headers, auth=service_signature_auth,
                timeout=setup_request_timeout_s,
            )
        if response.status_code != 200:
            raise RuntimeError(
                f"conformance hook could not create a checkout session: {response.status_code} {response.text[:500]}"
            )
        data = response.json()["data"]
        return data["id"], data["client_token"]


checkout_sessions = CheckoutSessions()


def token_forms_under_test(case: Any) -> bool:
    """A negative case about the token parameters, or about a whole header/query component.

    Then the token forms go out exactly as generated (schemathesis does not re-check a case after
    auth set-up, so overwriting them would send a valid request marked as invalid).
    """
    meta = case.meta
    if meta is None:
        return False
    if meta.is_negative_at(ParameterLocation.HEADER) or meta.is_negative_at(ParameterLocation.QUERY):
        return True
    broken = negated(case)
    return (header_checkout_token.lower(), ParameterLocation.HEADER) in broken or (
        query_client_token,
        ParameterLocation.QUERY,
    ) in broken


@schemathesis.auth(refresh_interval=None).apply_to(operation_id=list(checkout_operation_ids))
class CheckoutTokenAuth:
    """Payer endpoints: a fresh session per case (a paid session cannot be paid again)."""

    def get(self, case: Any, context: Any) -> dict[str, str] | None:
        query = case.query if isinstance(case.query, MutableMapping) else {}
        if is_stateful(case) and query.get(query_client_token):
            # The link from createCheckoutSession already carried a real id and token.
            return {"mode": "from_link"}
        session_id, token = checkout_sessions.create()
        return {"mode": "fresh", "id": session_id, "token": token}

    def set(self, case: Any, data: dict[str, str], context: Any) -> None:
        headers = headers_of(case)
        if data["mode"] == "from_link":
            # Exactly one form: the link supplied the query parameter, so no header.
            drop_key(headers, header_checkout_token)
            return
        if ("id", ParameterLocation.PATH) not in negated(case) and isinstance(case.path_parameters, MutableMapping):
            case.path_parameters["id"] = data["id"]
        if token_forms_under_test(case):
            return
        query = query_of(case)
        # Exactly one of the two forms. Which one follows the last hex digit of the random session
        # id, so both are exercised (hypothesis forbids the random module during generation).
        drop_key(headers, header_checkout_token)
        drop_key(query, query_client_token)
        if int(data["id"][-1], 16) % 2 == 0:
            headers[header_checkout_token] = data["token"]
        else:
            query[query_client_token] = data["token"]


# --- 4. partner key -----------------------------------------------------------------------------
if partner_api_key is not None:

    @schemathesis.auth(refresh_interval=None).apply_to(operation_id=list(partner_operation_ids))
    class PartnerApiKeyAuth:
        def get(self, case: Any, context: Any) -> str:
            return partner_api_key

        def set(self, case: Any, data: str, context: Any) -> None:
            headers_of(case)[header_partner_api_key] = data


# --- 2. idempotency keys ------------------------------------------------------------------------
@schemathesis.hook
def before_call(context: Any, case: Any, kwargs: dict[str, Any]) -> None:
    """A fresh uuid4 Idempotency-Key on every operation that declares one.

    Left as generated when the case is negative in its headers: the missing, empty or overlong
    key may be exactly what it tests (a valid-looking random key costs nothing there).
    """
    meta = case.meta
    if meta is not None and meta.is_negative_at(ParameterLocation.HEADER):
        return
    declared = {parameter.name.lower() for parameter in case.operation.headers}
    for name in idempotency_headers:
        if name.lower() not in declared:
            continue
        headers = headers_of(case)
        drop_key(headers, name)
        headers[name] = str(uuid.uuid4())


# --- 5. real references -------------------------------------------------------------------------
@schemathesis.hook("before_call")
def make_references_real(context: Any, case: Any, kwargs: dict[str, Any]) -> None:
    meta = case.meta
    no_null_link_ids(case)
    operation_id = case.operation.definition.raw.get("operationId")
    if operation_id == "createRefund":
        real_collection_for_refund(case)
    elif operation_id == "listTransactions":
        real_cursor(case, transactions_cursor)
        ordered_date_range(case)
    elif operation_id in ("getWalletStatement", "exportWalletStatement"):
        statement_date_range(case)
    elif operation_id == "getWalletBalance":
        balance_instant(case)
    elif operation_id == "listEvents":
        real_cursor(case, events_cursor)
    elif operation_id == "listWebhookDeliveries":
        real_deliveries_cursor(case)
    elif operation_id == "createWebhookEndpoint":
        real_webhook_url(case)
    elif operation_id in ("createCollection", "createCheckoutSession"):
        if meta is None or meta.is_negative_at(ParameterLocation.BODY):
            return
        body = case.body
        if isinstance(body, MutableMapping) and body.get("sub_merchant_id") is not None:
            body["sub_merchant_id"] = resources.sub_merchant_id()
    elif operation_id in sub_merchant_path_operation_ids:
        real_path_id(case, resources.sub_merchant_id)
    elif operation_id in wallet_path_operation_ids:
        if operation_id == "listWalletEntries" and has_positive_cursor(case) and isinstance(case.path_parameters, MutableMapping):
            # A cursor is bound to one wallet's statement: a generated one (in the stateful phase
            # too, where a link supplies some wallet of the merchant, often one with a single
            # page) becomes a real cursor of the wallet the path is then made to name.
            case.path_parameters["id"] = resources.wallet_id()
            real_list_cursor(case, f"/wallets/{resources.wallet_id()}/entries", lambda: None)
        else:
            real_path_id(case, resources.wallet_id)
    elif operation_id == "listSubMerchants":
        real_list_cursor(case, "/sub-merchants", lambda: merchant_api.call(
            "POST", "/sub-merchants", body={"display_name": "Conformance Rider", "type": "individual", "country": "KE"}))
    elif operation_id == "listWallets":
        real_list_cursor(case, "/wallets", resources.wallet_id)
    # Disputes (issue 15).
    elif operation_id == "createSandboxDispute":
        real_collection_for_dispute(case)
    elif operation_id == "resolveSandboxDispute":
        real_path_id(case, open_conformance_dispute)
    elif operation_id == "getDispute":
        real_path_id(case, disputes.dispute_id)
    elif operation_id == "listDisputes":
        real_list_cursor(case, "/disputes", open_conformance_dispute)
    elif operation_id in ("getFxRate", "createFxRateLock"):
        distinct_fx_pair(case, operation_id)
    elif operation_id in payout_operation_ids:
        real_payout_references(case, operation_id)


def no_null_link_ids(case: Any) -> None:
    """A stateful link whose source field is null (an inferred link from a nullable `*_id`, such as
    a wallet entry's `transaction_id` to getCollection) puts the text `None` in the path: no request
    a client makes, and a 422 for a malformed id that schemathesis counts as a valid request refused.
    An id that names nothing stands for it (a 404, which the check accepts); the operation-specific
    hooks below may then swap in a real resource."""
    meta = case.meta
    if not is_stateful(case) or meta is None or meta.is_negative_at(ParameterLocation.PATH):
        return
    parameters = case.path_parameters
    if not isinstance(parameters, MutableMapping):
        return
    for name, value in list(parameters.items()):
        if value is None or value == "None":
            parameters[name] = str(uuid.uuid4())


def distinct_fx_pair(case: Any, operation_id: str) -> None:
    """A positive case naming the same currency twice gets another quote currency (the spec makes
    base_currency = quote_currency a 422, a relation between two values no schema can state)."""
    meta = case.meta
    location = ParameterLocation.QUERY if operation_id == "getFxRate" else ParameterLocation.BODY
    if meta is None or meta.is_negative_at(location):
        return
    values = case.query if operation_id == "getFxRate" else case.body
    if isinstance(values, MutableMapping) and values.get("base_currency") is not None and values.get("base_currency") == values.get("quote_currency"):
        values["quote_currency"] = "USD" if values["base_currency"] != "USD" else "KES"


def real_path_id(case: Any, make: Any) -> None:
    meta = case.meta
    if meta is None or meta.is_negative_at(ParameterLocation.PATH) or not isinstance(case.path_parameters, MutableMapping):
        return
    if is_stateful(case):
        # A link supplies the id; one whose source answered no id (a refused create) gives None,
        # which is no request a client makes: the real resource stands in for it.
        current = case.path_parameters.get("id")
        if isinstance(current, str) and uuid_pattern.match(current):
            return
    case.path_parameters["id"] = make()


def has_positive_cursor(case: Any) -> bool:
    """A generated cursor on a case that is not negative about its query or path."""
    meta = case.meta
    if meta is None or meta.is_negative_at(ParameterLocation.QUERY) or meta.is_negative_at(ParameterLocation.PATH):
        return False
    query = case.query
    return isinstance(query, MutableMapping) and query.get("cursor") is not None


def real_list_cursor(case: Any, path: str, make_row: Any) -> None:
    meta = case.meta
    if meta is None or meta.is_negative_at(ParameterLocation.QUERY):
        return
    query = case.query
    if isinstance(query, MutableMapping) and query.get("cursor") is not None:
        query["cursor"] = resources.cursor(path, make_row)


# --- disputes (issue 15) -------------------------------------------------------------------------
def open_conformance_dispute() -> str:
    """A new open dispute of 1 minor unit on a fresh settled collection (each resolvable once)."""
    body = {"transaction_id": settled_collections.take(), "amount": 1, "reason": "conformance"}
    return merchant_api.call("POST", "/sandbox/disputes", body=body)["data"]["id"]


class ConformanceDisputes:
    """One real dispute of the test merchant for the reads, made once."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._dispute_id: str | None = None

    def dispute_id(self) -> str:
        with self._lock:
            if self._dispute_id is None:
                self._dispute_id = open_conformance_dispute()
            return self._dispute_id


disputes = ConformanceDisputes()


def real_collection_for_dispute(case: Any) -> None:
    meta = case.meta
    if meta is None or meta.is_negative_at(ParameterLocation.BODY):
        return
    body = case.body
    if isinstance(body, MutableMapping) and "transaction_id" in body:
        body["transaction_id"] = settled_collections.take()


def real_collection_for_refund(case: Any) -> None:
    meta = case.meta
    if meta is None or meta.is_negative_at(ParameterLocation.PATH) or not isinstance(case.path_parameters, MutableMapping):
        return
    if is_stateful(case):
        # The link from createCollection gave a real (usually still pending) collection.
        collection_id = case.path_parameters.get("id")
        if isinstance(collection_id, str):
            wait_until_settled(collection_id)
        return
    case.path_parameters["id"] = settled_collections.take()


def real_cursor(case: Any, cursor: ListCursor) -> None:
    meta = case.meta
    if meta is None or meta.is_negative_at(ParameterLocation.QUERY):
        return
    query = case.query
    if isinstance(query, MutableMapping) and query.get("cursor") is not None:
        query["cursor"] = cursor.get()


def positive_query(case: Any) -> MutableMapping[str, Any] | None:
    """The query of a case that is not negative about its query (the one the date hooks may
    rewrite), or None: a negative case's parameters go out exactly as generated."""
    meta = case.meta
    if meta is None or meta.is_negative_at(ParameterLocation.QUERY) or not isinstance(case.query, MutableMapping):
        return None
    return case.query


def statement_date_range(case: Any) -> None:
    """A positive statement case asks for a period the rules accept (decision 0722: UTC days from
    1970-01-01 up to today, date_from not after date_to, at most 92 days), relations and a clock
    no schema can state: the last week, ending today."""
    query = positive_query(case)
    if query is None:
        return
    today = datetime.now(timezone.utc).date()
    if isinstance(query.get("date_from"), str):
        query["date_from"] = (today - timedelta(days=7)).isoformat()
    if isinstance(query.get("date_to"), str):
        query["date_to"] = today.isoformat()


def balance_instant(case: Any) -> None:
    """A positive balance case's `at` is an instant the rules accept (decision 0722: from
    1970-01-01T00:00:00Z up to now), a range no schema can state for a date-time (CI seed
    13838122220554796738 generated `at=1384-03-26T07:35:12.13+06:15`, which is 422): an hour ago."""
    query = positive_query(case)
    if query is None or not isinstance(query.get("at"), str):
        return
    query["at"] = (datetime.now(timezone.utc) - timedelta(hours=1)).isoformat()


def ordered_date_range(case: Any) -> None:
    """Swaps a positive case's date_from and date_to when the first is the later instant."""
    query = positive_query(case)
    if query is None:
        return
    date_from, date_to = query.get("date_from"), query.get("date_to")
    if not isinstance(date_from, str) or not isinstance(date_to, str):
        return
    try:
        start = datetime.fromisoformat(date_from.replace("z", "Z"))
        end = datetime.fromisoformat(date_to.replace("z", "Z"))
        if start.tzinfo is None or end.tzinfo is None:
            return
        later = start > end
    except (ValueError, OverflowError):
        return  # a form Python does not read: left as generated
    if later:
        query["date_from"], query["date_to"] = date_to, date_from


def real_deliveries_cursor(case: Any) -> None:
    meta = case.meta
    if meta is None or meta.is_negative_at(ParameterLocation.QUERY) or meta.is_negative_at(ParameterLocation.PATH):
        return
    query = case.query
    if isinstance(query, MutableMapping) and query.get("cursor") is not None and isinstance(case.path_parameters, MutableMapping):
        endpoint_id, cursor = deliveries_cursor.get()
        case.path_parameters["id"] = endpoint_id
        query["cursor"] = cursor


def real_webhook_url(case: Any) -> None:
    meta = case.meta
    if meta is None or meta.is_negative_at(ParameterLocation.BODY):
        return
    body = case.body
    if isinstance(body, MutableMapping) and isinstance(body.get("url"), str):
        body["url"] = conformance_webhook_url


# ----- Payouts (issue 16): a generated wallet_id or destination_ref is only ever a 422 (not the
# merchant's); the hooks point positive cases at the merchant's KES wallet and a KES mobile-money
# destination of its own, so the 200 and 402 paths are reached. Their state-dependent 402/422s
# (funds, scheduled_at in the past, a currency other than the wallet's) are accepted in
# schemathesis.toml.
payout_operation_ids = ("createPayout", "createPayoutBatch", "listPayouts", "getPayout", "cancelPayout", "getPayoutBatch", "getTransaction")
payout_destination_body = {"destination_type": "mobile_money", "country": "KE", "currency": "KES", "phone": "+254712346789"}


class PayoutResources:
    """A destination and a payout of the test merchant, made once."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._destination_ref: str | None = None
        self._payout_id: str | None = None
        self._scheduled_payout_id: str | None = None
        self._transaction_id: str | None = None

    def destination_ref(self) -> str:
        with self._lock:
            if self._destination_ref is None:
                self._destination_ref = merchant_api.call("POST", "/payout-destinations", body=payout_destination_body)["data"]["destination_ref"]
            return self._destination_ref

    def payout_id(self) -> str:
        ref = self.destination_ref()
        wallet_id = resources.wallet_id()
        with self._lock:
            if self._payout_id is None:
                body = {"wallet_id": wallet_id, "destination_type": "mobile_money", "destination_ref": ref, "amount": 1, "currency": "KES"}
                self._payout_id = merchant_api.call("POST", "/payouts", body=body)["data"]["id"]
            return self._payout_id

    def scheduled_payout_id(self) -> str:
        """A payout scheduled a month ahead: still queued, so cancel answers 200 (again 200 once cancelled)."""
        ref = self.destination_ref()
        wallet_id = resources.wallet_id()
        with self._lock:
            if self._scheduled_payout_id is None:
                at = (datetime.now(timezone.utc) + timedelta(days=30)).isoformat()
                body = {"wallet_id": wallet_id, "destination_type": "mobile_money", "destination_ref": ref, "amount": 1, "currency": "KES", "scheduled_at": at}
                self._scheduled_payout_id = merchant_api.call("POST", "/payouts", body=body)["data"]["id"]
            return self._scheduled_payout_id

    def transaction_id(self) -> str:
        """A collection of the merchant (the one its wallet was funded by)."""
        resources.wallet_id()
        with self._lock:
            if self._transaction_id is None:
                self._transaction_id = merchant_api.call("GET", "/transactions", params={"limit": 1})["data"][0]["id"]
            return self._transaction_id


payout_resources = PayoutResources()


def real_payout_item(item: MutableMapping[str, Any]) -> None:
    item["destination_type"] = "mobile_money"
    item["destination_ref"] = payout_resources.destination_ref()
    item["currency"] = "KES"


def real_payout_references(case: Any, operation_id: str) -> None:
    meta = case.meta
    if operation_id in ("createPayout", "createPayoutBatch"):
        if meta is None or meta.is_negative_at(ParameterLocation.BODY):
            return
        body = case.body
        if not isinstance(body, MutableMapping):
            return
        body["wallet_id"] = resources.wallet_id()
        if operation_id == "createPayout":
            real_payout_item(body)
            if isinstance(body.get("scheduled_at"), str):
                # A generated instant is almost always in the past, which is 422 by the time rule
                # (a rule of the clock, not of the schema): a future one reaches the 200 path.
                body["scheduled_at"] = (datetime.now(timezone.utc) + timedelta(days=1)).isoformat()
        else:
            for item in body.get("payouts") or []:
                if isinstance(item, MutableMapping):
                    real_payout_item(item)
    elif operation_id == "listPayouts":
        real_list_cursor(case, "/payouts", payout_resources.payout_id)
    elif operation_id == "getPayout":
        real_path_id(case, payout_resources.payout_id)
    elif operation_id == "cancelPayout":
        real_path_id(case, payout_resources.scheduled_payout_id)
    elif operation_id == "getTransaction" and is_stateful(case):
        # A wallet statement entry of a payout has transaction_id null; the link schemathesis
        # infers from entries to GET /transactions/{id} then sends "None". real_path_id replaces
        # an id that is not a UUID in the stateful phase (a generated one stays: a 404).
        real_path_id(case, payout_resources.transaction_id)


# ----- FX rate locks on payouts (issue 16, FX part; docs/fx.md). A lock id is a reference no
# schema can describe: a generated one is never a lock of the merchant (rightly a 422 naming
# fx_rate_lock_id), and a lock is needed exactly when the payout's currency differs from its
# wallet's. A positive case (body not under test) therefore gets what a client sends: a fresh
# real lock (wallet currency -> payout currency) when the currencies differ and both are quoted,
# else null. Registered after make_references_real, so it sees the wallet that hook chose.

fx_quoted_currencies = {"KES", "UGX", "TZS", "RWF", "NGN", "GHS", "ZAR", "XOF", "EGP", "USD", "EUR", "GBP"}


def wallet_currency(wallet_id: Any) -> str | None:
    if not isinstance(wallet_id, str) or not uuid_pattern.match(wallet_id):
        return None
    try:
        return merchant_api.call("GET", f"/wallets/{wallet_id}/balance")["data"]["currency"]
    except RuntimeError:
        return None  # not a wallet of the merchant: the request is refused for that, lock or not


def real_fx_rate_lock(item: MutableMapping[str, Any], source_currency: str | None) -> None:
    if item.get("fx_rate_lock_id") is None:
        return
    target = item.get("currency")
    if source_currency is None or target == source_currency or source_currency not in fx_quoted_currencies or target not in fx_quoted_currencies:
        item["fx_rate_lock_id"] = None
        return
    lock = merchant_api.call("POST", "/fx/rate-locks", body={"base_currency": source_currency, "quote_currency": target})
    item["fx_rate_lock_id"] = lock["data"]["id"]


@schemathesis.hook("before_call")
def real_fx_rate_locks(context: Any, case: Any, kwargs: dict[str, Any]) -> None:
    operation_id = case.operation.definition.raw.get("operationId")
    if operation_id not in ("createPayout", "createPayoutBatch"):
        return
    meta = case.meta
    body = case.body
    if meta is None or meta.is_negative_at(ParameterLocation.BODY) or not isinstance(body, MutableMapping):
        return
    source = wallet_currency(body.get("wallet_id"))
    items = [body] if operation_id == "createPayout" else [i for i in (body.get("payouts") or []) if isinstance(i, MutableMapping)]
    for item in items:
        real_fx_rate_lock(item, source)
# --- 6. the partner wallet family's real references ----------------------------------------------
partner_base_url = base_url.removesuffix("/v1") + "/api/v1/partner"
# What the funded wallet receives: sandbox deposits of the largest amount, so most generated
# transfers and withdrawals are covered (one that is not is a 402 the spec documents).
partner_funding_deposits = 4
partner_amount_max = 9_007_199_254_740_991


class PartnerApi:
    """The hook's own calls to the partner family, with the partner's X-API-Key."""

    def __init__(self) -> None:
        self._local = threading.local()

    def call(self, method: str, path: str, body: dict[str, Any] | None = None, params: dict[str, Any] | None = None) -> Any:
        if not hasattr(self._local, "session"):
            self._local.session = requests.Session()
        headers = {header_partner_api_key: partner_api_key or ""}
        if method == "POST":
            headers["X-Idempotency-Key"] = str(uuid.uuid4())
        response = self._local.session.request(method, f"{partner_base_url}{path}", json=body, params=params, headers=headers,
                                               timeout=setup_request_timeout_s)
        if response.status_code != 200:
            raise RuntimeError(f"conformance hook: partner {method} {path} answered {response.status_code} {response.text[:500]}")
        return response.json()


class PartnerResources:
    """Real resources of the conformance partner, made once each (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._wallets: dict[str, dict[str, Any]] = {}
        self._destination_refs: dict[str, str] = {}
        self._currencies: dict[str, str] = {}
        self._withdrawal_id: str | None = None
        self._cursor: str | None = None

    def wallet(self, role: str) -> dict[str, Any]:
        """'source' (funded) or 'sink', both KES."""
        with self._lock:
            if role not in self._wallets:
                wallet = partner_api.call("POST", "/wallets", {"externalUserId": f"conformance-{role}-{uuid.uuid4()}", "currency": "KES"})["data"]
                if role == "source":
                    for i in range(partner_funding_deposits):
                        partner_api.call("POST", f"/wallets/{wallet['id']}/deposits", {"amount": partner_amount_max, "reference": f"conformance-{i}"})
                self._wallets[role] = wallet
            return self._wallets[role]

    def destination_ref(self, currency: str = "KES") -> str:
        """A destination of the partner paying out `currency` (a withdrawal's must be its wallet's)."""
        with self._lock:
            if currency not in self._destination_refs:
                self._destination_refs[currency] = partner_api.call("POST", "/payout-destinations", {
                    "destinationType": "mobile_money", "country": "KE", "currency": currency, "phone": "+254712346789"})["data"]["destinationRef"]
            return self._destination_refs[currency]

    def currency_of(self, wallet_id: str) -> str | None:
        """The currency of one of the partner's wallets (a link may supply any); None when it is not one."""
        with self._lock:
            if wallet_id not in self._currencies:
                response = requests.get(f"{partner_base_url}/wallets/{wallet_id}", headers={header_partner_api_key: partner_api_key or ""},
                                        timeout=setup_request_timeout_s)
                if response.status_code != 200:
                    return None
                self._currencies[wallet_id] = response.json()["data"]["currency"]
            return self._currencies[wallet_id]

    def withdrawal_id(self) -> str:
        with self._lock:
            if self._withdrawal_id is None:
                self._withdrawal_id = partner_api.call("POST", f"/wallets/{self.wallet('source')['id']}/withdrawals", {
                    "amount": 100, "destinationRef": self.destination_ref(), "reference": "conformance"})["data"]["id"]
            return self._withdrawal_id

    def cursor(self) -> str:
        """A real next_cursor of the source wallet's transactions (it has several)."""
        with self._lock:
            if self._cursor is None:
                listed = partner_api.call("GET", f"/wallets/{self.wallet('source')['id']}/transactions", params={"limit": 1})
                self._cursor = listed["meta"]["next_cursor"]
            return self._cursor


partner_api = PartnerApi()
partner_resources = PartnerResources()
partner_wallet_path_operation_ids = (
    "getPartnerWallet", "getPartnerWalletBalance", "listPartnerWalletTransactions", "createPartnerDeposit", "createPartnerWithdrawal",
)
partner_fx_currencies = ("USD", "EUR", "GBP", "KES", "UGX", "TZS", "RWF", "NGN", "GHS", "ZAR", "EGP", "XOF")


def partner_real_path(case: Any, name: str, make: Any) -> None:
    meta = case.meta
    if meta is None or meta.is_negative_at(ParameterLocation.PATH) or not isinstance(case.path_parameters, MutableMapping):
        return
    if is_stateful(case):
        current = case.path_parameters.get(name)
        if isinstance(current, str) and uuid_pattern.match(current):
            return
    case.path_parameters[name] = make()


def positive_body(case: Any) -> MutableMapping[str, Any] | None:
    meta = case.meta
    if meta is None or meta.is_negative_at(ParameterLocation.BODY) or not isinstance(case.body, MutableMapping):
        return None
    return case.body


@schemathesis.hook("before_call")
def make_partner_references_real(context: Any, case: Any, kwargs: dict[str, Any]) -> None:
    if partner_api_key is None:
        return
    operation_id = case.operation.definition.raw.get("operationId")
    if operation_id in partner_wallet_path_operation_ids:
        if operation_id == "listPartnerWalletTransactions" and has_positive_cursor(case):
            # A cursor is bound to one wallet's list: the path names the wallet whose cursor it is.
            case.path_parameters["walletId"] = partner_resources.wallet("source")["id"]
            case.query["cursor"] = partner_resources.cursor()
        else:
            partner_real_path(case, "walletId", lambda: partner_resources.wallet("source")["id"])
        body = positive_body(case)
        if operation_id == "createPartnerWithdrawal" and body is not None and "destinationRef" in body:
            wallet_id = case.path_parameters.get("walletId") if isinstance(case.path_parameters, MutableMapping) else None
            currency = partner_resources.currency_of(wallet_id) if isinstance(wallet_id, str) and uuid_pattern.match(wallet_id) else None
            body["destinationRef"] = partner_resources.destination_ref(currency or "KES")
    elif operation_id == "getPartnerWithdrawal":
        partner_real_path(case, "withdrawalId", partner_resources.withdrawal_id)
    elif operation_id == "createPartnerTransfer":
        body = positive_body(case)
        if body is None:
            return
        for side, role in (("from", "source"), ("to", "sink")):
            wallet = partner_resources.wallet(role)
            by_number = f"{side}AccountNumber" in body and f"{side}WalletId" not in body
            drop_key(body, f"{side}WalletId")
            drop_key(body, f"{side}AccountNumber")
            if by_number:
                body[f"{side}AccountNumber"] = wallet["accountNumber"]
            else:
                body[f"{side}WalletId"] = wallet["id"]
        # Wallets of one currency: a lock would be refused (nothing to convert).
        drop_key(body, "fxRateLockId")
    elif operation_id == "createPartnerFxRateLock":
        body = positive_body(case)
        if body is not None and body.get("baseCurrency") == body.get("quoteCurrency") and body.get("baseCurrency") in partner_fx_currencies:
            body["quoteCurrency"] = next(c for c in partner_fx_currencies if c != body["baseCurrency"])

# --- 6. split settlement (docs/split-settlement.md) ----------------------------------------------
# A generated split_rule_id can name no rule of ours, and a real one would also have to fit the
# payment's currency and sub-merchant: positive payment cases go without one (rules are applied
# by the SDK tests). A rule's fixed sub-merchant recipient becomes a real sub-merchant; the rule
# path ids and list cursors real ones. Escrow hold paths keep generated ids: 404 is documented.
split_rule_path_operation_ids = ("getSplitRule", "deactivateSplitRule")


def conformance_split_rule_id() -> str:
    return merchant_api.call("POST", "/split-rules", body={
        "name": "Conformance rule", "rule_type": "percentage", "recipients": [{"recipient_type": "platform", "value": 10}],
    })["data"]["id"]


@schemathesis.hook("before_call")
def make_split_references_real(context: Any, case: Any, kwargs: dict[str, Any]) -> None:
    meta = case.meta
    operation_id = case.operation.definition.raw.get("operationId")
    if operation_id in ("createCollection", "createCheckoutSession", "createSplitRule"):
        if meta is None or meta.is_negative_at(ParameterLocation.BODY) or not isinstance(case.body, MutableMapping):
            return
        body = case.body
        if body.get("split_rule_id") is not None:
            body["split_rule_id"] = None
        if operation_id == "createSplitRule":
            shares_within_rules(body)
        for recipient in body.get("recipients") or []:
            if isinstance(recipient, MutableMapping) and recipient.get("recipient_type") == "sub_merchant" and recipient.get("recipient_id") is not None:
                recipient["recipient_id"] = resources.sub_merchant_id()
    elif operation_id in split_rule_path_operation_ids:
        real_path_id(case, conformance_split_rule_id)
    elif operation_id == "listSplitRules":
        real_list_cursor(case, "/split-rules", conformance_split_rule_id)
    elif operation_id == "listEscrowHolds":
        real_list_cursor(case, "/escrow-holds", conformance_escrow_hold)


def conformance_escrow_hold() -> None:
    """A settled collection held in escrow: one more escrow hold of the merchant."""
    created = merchant_api.call("POST", "/collections", body={**refund_setup_collection_body, "amount": 100, "hold_in_escrow": True})
    wait_until_settled(created["data"]["id"])


def shares_within_rules(body: MutableMapping[str, Any]) -> None:
    """Makes a positive rule's shares obey what the schema cannot state (docs/split-settlement.md).

    Percent shares (percentage and tiered rules) get at most 2 decimals and add up to at most 100
    per band; a tiered rule's bands get one value per recipient and increasing min_amount. Flat
    rules are left as generated.
    """
    recipients = [r for r in body.get("recipients") or [] if isinstance(r, MutableMapping)]
    if body.get("rule_type") not in ("percentage", "tiered") or not recipients:
        return
    cap = math.floor(10_000 / len(recipients)) / 100

    def share(value: Any, floor: float) -> float:
        number = value if isinstance(value, (int, float)) and not isinstance(value, bool) else floor
        return max(floor, min(cap, math.floor(number * 100) / 100))

    for recipient in recipients:
        recipient["value"] = share(recipient.get("value"), 0.01)
    tiers = body.get("tiers")
    if isinstance(tiers, list):
        previous = 1
        for tier in tiers:
            if not isinstance(tier, MutableMapping):
                continue
            values = tier.get("values") if isinstance(tier.get("values"), list) else []
            tier["values"] = [share(values[i] if i < len(values) else 0, 0) for i in range(len(recipients))]
            amount = tier.get("min_amount")
            previous = max(previous + 1, amount if isinstance(amount, int) and not isinstance(amount, bool) else 0)
            tier["min_amount"] = previous


# --- 7. the operators' family (spec/ops.yaml): schemathesis_ops_hooks.py -------------------------
def conformance_collection() -> str:
    """A new collection of the test merchant (settled by the sandbox at once on the test server)."""
    return merchant_api.call("POST", "/collections", body={**refund_setup_collection_body, "amount": 100})["data"]["id"]


schemathesis_ops_hooks.register(conformance_collection, resources.wallet_id)
