"""Schemathesis hooks of the operators' family (spec/ops.yaml, served at /ops/v1), imported by
schemathesis_hooks.py, which schemathesis loads (SCHEMATHESIS_HOOKS=schemathesis_hooks).

What an operator does, schemathesis must do too:

1. Every operation is authorised by an operator key, `Authorization: Bearer opk_...`, from
   PAYAGG_OPS_API_KEY (run-schemathesis.sh makes one with `./payagg ops-key create --json`, as an
   operator would). Without it the family is not tested (run-schemathesis.sh fails then).
2. References a schema cannot describe are made real on positive cases:
   - createReconciliationRun: the period obeys the rules no schema states (docs/reconciliation.md:
     it starts in the past but not before 1970, ends after it starts, lasts at most 31 days); an upload's `format` is
     one the provider exports and its `content` a readable report of that format (header only: a
     generated text is rightly a 422 naming body.source.content with its line and column); a pull
     (`provider_api`) names the sandbox, the one provider whose report the test server can pull (a
     pull for M-Pesa, or for Paystack without PAYSTACK_* settings, is rightly a 422 naming
     body.source.type: decision 0781).
   - getReconciliationRun, listReconciliationItems, getReconciliationItem: the run is a real run
     (a random uuid is only ever a 404; in the stateful phase the link's run stays) and the item
     one of its items; a generated `cursor`
     becomes a real `meta.next_cursor` of that list (for items, the path names the run whose
     cursor it is).
   - resolveReconciliationException: the item is an open exception, each handed out once (a
     matched item is rightly a 422 naming path.item_id, a resolved one a 409); `accept` goes
     without a correction and `correct` with one (each is a 422 naming body.correction otherwise,
     a relation between two fields); a correction's generated wallet_id becomes the merchant's KES
     wallet (another is rightly a 422 naming it). A debit the wallet cannot cover is 402, declared
     and accepted in schemathesis-ops.toml.
   Negative cases go out exactly as generated.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import MutableMapping
from datetime import datetime, timedelta, timezone
from typing import Any, Callable

import requests
import schemathesis
from schemathesis.core.parameters import ParameterLocation
from schemathesis.generation.meta import TestPhase

ops_api_key = os.environ.get("PAYAGG_OPS_API_KEY") or None
ops_base_url = os.environ["PAYAGG_BASE_URL"].rstrip("/").removesuffix("/v1") + "/ops/v1"
uuid_pattern = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
ops_operation_ids = (
    "createReconciliationRun", "listReconciliationRuns", "getReconciliationRun", "listReconciliationItems",
    "getReconciliationItem", "resolveReconciliationException",
)

# Timeout of the hooks' own set-up requests (a run over a busy hour reads every record of it).
ops_setup_request_timeout_s = 30
# docs/reconciliation.md: a period is at most 31 days and starts in the past, not before 1970.
period_days_max = 31
epoch = datetime(1970, 1, 1, tzinfo=timezone.utc)
# Each provider's formats (services/api/src/reconciliation/settings.ts) and a readable report of
# each holding no record: its header (docs/reconciliation.md "Report formats").
report_format_of = {"sandbox": "sandbox_csv", "mpesa": "mpesa_statement_csv", "paystack": "paystack_settlement_json"}
empty_report_of = {
    "sandbox_csv": "reference,kind,amount,currency,status,occurred_at\n",
    "mpesa_statement_csv": "Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,"
                           "Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.\n",
    "paystack_settlement_json": "[]",
}
# The exceptions made per batch for the resolution cases (each is resolved once).
open_exceptions_batch_size = 10


class OpsApi:
    """The hooks' own calls to the ops API, with the operator key."""

    def __init__(self) -> None:
        self._local = threading.local()

    def call(self, method: str, path: str, body: dict[str, Any] | None = None, params: dict[str, Any] | None = None) -> Any:
        if not hasattr(self._local, "session"):
            self._local.session = requests.Session()
        response = self._local.session.request(method, f"{ops_base_url}{path}", json=body, params=params,
                                               headers={"Authorization": f"Bearer {ops_api_key or ''}"}, timeout=ops_setup_request_timeout_s)
        if response.status_code != 200:
            raise RuntimeError(f"conformance hook: ops {method} {path} answered {response.status_code} {response.text[:500]}")
        return response.json()


ops_api = OpsApi()


def iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")


class OpsResources:
    """Runs and exceptions of the test server, made through the ops API (and the merchant API for
    the collections they reconcile); `make_collection()` returns a new collection's id."""

    def __init__(self, make_collection: Callable[[], str]) -> None:
        self._make_collection = make_collection
        self._lock = threading.Lock()
        self._run: dict[str, Any] | None = None
        self._runs_cursor: str | None = None
        self._items_cursor: str | None = None
        self._open: list[tuple[str, int]] = []

    def _sandbox_run(self, since: datetime, report: str | None = None) -> dict[str, Any]:
        source: dict[str, Any] = {"type": "provider_api"} if report is None else {"type": "upload", "format": "sandbox_csv", "content": report}
        body = {"provider": "sandbox", "period_start": iso(since), "period_end": iso(datetime.now(timezone.utc) + timedelta(minutes=1)), "source": source}
        return ops_api.call("POST", "/reconciliation/runs", body=body)["data"]

    def run(self) -> dict[str, Any]:
        """A completed sandbox run with at least two items (two collections of its period)."""
        with self._lock:
            if self._run is None:
                since = datetime.now(timezone.utc) - timedelta(minutes=1)
                for _ in range(2):
                    self._make_collection()
                self._run = self._sandbox_run(since)
            return self._run

    def item_count(self) -> int:
        counts = self.run()["counts"]
        return max(1, sum(counts.values()))

    def runs_cursor(self) -> str:
        """A real next_cursor of the runs list (two runs at least: the base run and one more)."""
        self.run()
        with self._lock:
            if self._runs_cursor is None:
                self._sandbox_run(datetime.now(timezone.utc) - timedelta(minutes=1))
                self._runs_cursor = ops_api.call("GET", "/reconciliation/runs", params={"limit": 1})["meta"]["next_cursor"]
            if self._runs_cursor is None:
                raise RuntimeError("conformance hook: the runs list has a single page; cannot make a real cursor")
            return self._runs_cursor

    def items_cursor(self) -> str:
        run_id = self.run()["id"]
        with self._lock:
            if self._items_cursor is None:
                self._items_cursor = ops_api.call("GET", f"/reconciliation/runs/{run_id}/items", params={"limit": 1})["meta"]["next_cursor"]
            if self._items_cursor is None:
                raise RuntimeError("conformance hook: the reconciliation run has a single item; cannot make a real cursor")
            return self._items_cursor

    def open_exception(self) -> tuple[str, int]:
        """(run id, item id) of an open exception, never handed out before: our new collections,
        absent from an uploaded report that holds no record (each one pending_within_window)."""
        with self._lock:
            if not self._open:
                since = datetime.now(timezone.utc) - timedelta(seconds=5)
                for _ in range(open_exceptions_batch_size):
                    self._make_collection()
                run = self._sandbox_run(since, report=empty_report_of["sandbox_csv"])
                listed = ops_api.call("GET", f"/reconciliation/runs/{run['id']}/items", params={"state": "open", "limit": 100})["data"]
                self._open = [(run["id"], item["id"]) for item in listed if item["ours"] is not None]
                if not self._open:
                    raise RuntimeError(f"conformance hook: run {run['id']} has no open exception of ours")
            return self._open.pop()


def positive(case: Any, location: ParameterLocation) -> bool:
    meta = case.meta
    return meta is not None and not meta.is_negative_at(location)


def real_period(body: MutableMapping[str, Any]) -> None:
    """Keeps a generated period where the rules allow it: moved into the past, put in order, cut to 31 days."""
    now = datetime.now(timezone.utc)
    try:
        start = datetime.fromisoformat(str(body.get("period_start")).replace("z", "Z"))
        end = datetime.fromisoformat(str(body.get("period_end")).replace("z", "Z"))
        if start.tzinfo is None or end.tzinfo is None:
            raise ValueError("no offset")
        if start >= now or start < epoch:
            start = now - timedelta(hours=1)
        if end <= start or end - start > timedelta(days=period_days_max):
            end = start + timedelta(hours=1)
        body["period_start"], body["period_end"] = iso(start), iso(end)
    except (ValueError, OverflowError):
        # A form Python does not read (or a year it cannot shift): the last hour instead.
        body["period_start"], body["period_end"] = iso(now - timedelta(hours=1)), iso(now)


def real_run_request(case: Any) -> None:
    if not positive(case, ParameterLocation.BODY) or not isinstance(case.body, MutableMapping):
        return
    body = case.body
    if "period_start" in body and "period_end" in body:
        real_period(body)
    source = body.get("source")
    if not isinstance(source, MutableMapping):
        return
    if source.get("type") == "provider_api":
        body["provider"] = "sandbox"
    elif source.get("type") == "upload" and body.get("provider") in report_format_of:
        source["format"] = report_format_of[body["provider"]]
        source["content"] = empty_report_of[source["format"]]


def real_run_path(case: Any, resources: OpsResources, with_item: bool) -> None:
    if not positive(case, ParameterLocation.PATH) or not isinstance(case.path_parameters, MutableMapping):
        return
    current = case.path_parameters.get("run_id")
    if case.meta.phase.name == TestPhase.STATEFUL and isinstance(current, str) and uuid_pattern.match(current):
        return  # the link from createReconciliationRun gave a real run (or an id naming none: a 404)
    case.path_parameters["run_id"] = resources.run()["id"]
    item_id = case.path_parameters.get("item_id")
    if with_item and isinstance(item_id, int) and not isinstance(item_id, bool):
        # An item of the run, chosen by the generated number (the run's items are 1..count).
        case.path_parameters["item_id"] = 1 + (item_id - 1) % resources.item_count()


def real_resolution(case: Any, resources: OpsResources, wallet_id: Callable[[], str]) -> None:
    if positive(case, ParameterLocation.PATH) and isinstance(case.path_parameters, MutableMapping):
        run_id, item_id = resources.open_exception()
        case.path_parameters["run_id"], case.path_parameters["item_id"] = run_id, item_id
    if not positive(case, ParameterLocation.BODY) or not isinstance(case.body, MutableMapping):
        return
    body = case.body
    if body.get("action") == "accept":
        body.pop("correction", None)
    elif body.get("action") == "correct":
        # The merchant's KES wallet exists (made once, with settled collections): the default
        # wallet of a correction, the item's merchant's in the item's currency (all KES here).
        real_wallet_id = wallet_id()
        correction = body.get("correction")
        if not isinstance(correction, MutableMapping):
            body["correction"] = correction = {"direction": "credit_wallet", "amount": 1}
        if correction.get("wallet_id") is not None:
            correction["wallet_id"] = real_wallet_id


def real_cursor(case: Any, make: Callable[[], str]) -> None:
    if not positive(case, ParameterLocation.QUERY) or not isinstance(case.query, MutableMapping) or case.query.get("cursor") is None:
        return
    case.query["cursor"] = make()


def register(make_collection: Callable[[], str], wallet_id: Callable[[], str]) -> None:
    """Registers the family's auth and reference hooks; the merchant hooks lend their set-up calls."""
    resources = OpsResources(make_collection)

    if ops_api_key is not None:
        @schemathesis.auth(refresh_interval=None).apply_to(operation_id=list(ops_operation_ids))
        class OperatorKeyAuth:
            def get(self, case: Any, context: Any) -> str:
                return ops_api_key or ""

            def set(self, case: Any, data: str, context: Any) -> None:
                if not isinstance(case.headers, MutableMapping):
                    case.headers = {}
                case.headers["Authorization"] = f"Bearer {data}"

    @schemathesis.hook("before_call")
    def make_ops_references_real(context: Any, case: Any, kwargs: dict[str, Any]) -> None:
        if ops_api_key is None:
            return
        operation_id = case.operation.definition.raw.get("operationId")
        if operation_id == "createReconciliationRun":
            real_run_request(case)
        elif operation_id == "listReconciliationRuns":
            real_cursor(case, resources.runs_cursor)
        elif operation_id in ("getReconciliationRun", "getReconciliationItem"):
            real_run_path(case, resources, with_item=operation_id == "getReconciliationItem")
        elif operation_id == "listReconciliationItems":
            cursor = case.query.get("cursor") if isinstance(case.query, MutableMapping) else None
            if cursor is not None and positive(case, ParameterLocation.QUERY) and positive(case, ParameterLocation.PATH) \
                    and isinstance(case.path_parameters, MutableMapping):
                # A cursor is bound to one run's items: the path names the run whose cursor it is.
                case.path_parameters["run_id"] = resources.run()["id"]
                real_cursor(case, resources.items_cursor)
            else:
                real_run_path(case, resources, with_item=False)
        elif operation_id == "resolveReconciliationException":
            real_resolution(case, resources, wallet_id)

