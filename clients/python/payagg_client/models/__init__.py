# coding: utf-8

# flake8: noqa
"""
    PayAgg Merchant API

    Collections (direct and hosted checkout), refunds, transactions, sub-merchants, team roster, wallets, split rules, payouts, webhooks and FX.  ## Conventions  - **Money** is an integer in minor currency units (1500.00 is `150000`). Every amount is a   safe integer: at most 9007199254740991 (`Number.MAX_SAFE_INTEGER`). - **Currency** codes are 3 upper-case letters (ISO 4217); **country** codes are 2 upper-case   letters (ISO 3166-1 alpha-2). Timestamps are ISO 8601 date-time strings (UTC). Ids are UUIDs. - **Success status** is `200` for every operation, creates and idempotent replays included. - **Paths** are matched exactly as written here: another case (`/V1/users`, `/v1/Users`), a   trailing slash, an empty (`//`) or dot (`/./`, `/../`) segment, or a percent-escape in   the path is not a path of this API and is 404 `RESOURCE_NOT_FOUND`, answered before   authentication, as is a wrong method (405 `METHOD_NOT_ALLOWED` with `Allow`). - **Text** in JSON bodies is UTF-8. No string and no object key, at any depth, may contain   the NUL character (U+0000) or a lone UTF-16 surrogate (a `\\ud800`-`\\udfff` escape without   its pair): such a body, or one that is not valid UTF-8, is 422 `VALIDATION_ERROR` naming   the field (`body.metadata.a`). Any other text (emoji, right-to-left, combining marks) is   stored exactly as sent. Error messages never quote the body. - **Content-Encoding**: request bodies are sent unencoded; a body with any   `Content-Encoding` other than `identity` (gzip, deflate, br...) is 415   `UNSUPPORTED_MEDIA_TYPE`. - **Query values**: integers are decimal digits (`limit=0x10` or `limit=1e1` is 422);   date-times are RFC 3339 instants from `0001-01-01T00:00:00Z` to   `9999-12-31T23:59:59.999Z` without leap seconds (second 60); otherwise 422 naming the   parameter (`query.date_from`). - **Envelope**: every response, success or failure, is `{data, error, meta}` with exactly these   three keys. On success `error` is `null`; on failure `data` is `null`. `meta.request_id` is   always present and equals the `X-Request-Id` response header. Clients branch on the HTTP   status and `error.code`, never on `error.message`. - **Request bodies** are JSON (`Content-Type: application/json`), at most 1 MiB   (`request_body_size_max_bytes = 1048576`); unknown body fields are rejected with 422.   Malformed JSON is 422 `VALIDATION_ERROR` with `details.fields[0].field = \"body\"`. An   operation that takes no body (every GET and DELETE, and the POSTs without a `requestBody`)   refuses one the same way (422 on `body`, nothing done); an empty body (no bytes,   whitespace, or `{}`) is accepted as none.   Declared query parameters are validated (422 when invalid); an undeclared one is a 422   naming it (a misspelt filter never silently widens a list), except on `GET /users`, which   ignores them (decision 0130). - **Ids**: a path id that is not a UUID is 422; a resource of another merchant reads as 404.  ## Authentication (merchant endpoints)  Every merchant request carries `X-Service-Key` (the merchant API key), `X-Service-Timestamp` (Unix time in seconds, as a decimal string) and `X-Service-Signature`: lowercase hex HMAC-SHA256, keyed with the API secret of the key, over a signed string chosen by `X-Service-Signature-Version`:  | Version | `X-Service-Signature-Version` | Signed string | |---|---|---| | 2 (recommended) | `2` | `timestamp + \".\" + METHOD + \".\" + path_with_query + \".\" + idempotency_key + \".\" + raw_body` | | 1 (the original scheme) | absent, or `1` | `timestamp + \".\" + raw_body` |  `raw_body` is the exact bytes sent (the empty string for a request without a body); `METHOD` is the HTTP method in upper case; `path_with_query` is the request target exactly as sent, path and query string with their percent-encoding, starting at `/v1` (for example `/v1/transactions?limit=10`); `idempotency_key` is the `Idempotency-Key` header, or the empty string when the request has none. A GET of `/v1/users` signs `1700000000.GET./v1/users..`. Any other `X-Service-Signature-Version` value is 401 `AUTH_SIGNATURE_MISMATCH`.  **Why version 2.** Version 1 binds a signature to the timestamp and the body only, so for 300 seconds anyone who captured one request can replay it to another path (a refund signed for one collection works on any other), with another method, another query, or a fresh `Idempotency-Key` (which the server treats as a new operation: a second refund, a second collection); one GET signature works on every GET path. Version 2 signs the method, the request target and the idempotency key as well, so a captured request can only be replayed unchanged, and an unchanged replay of a create is answered from the idempotency record without a second effect. Version 1 stays accepted for clients built against it, unless the key requires version 2: an operator can issue a key that way or switch an existing key (running servers apply the switch within about a second), after which a version-1 signature is 401 `AUTH_SIGNATURE_MISMATCH`. The official SDKs sign with version 2.  A timestamp more than 300 seconds (`signature_tolerance_s = 300`) from the server clock is rejected, whichever the version. Missing, malformed, unknown, revoked, expired, IP-blocked or out-of-scope key: 401 `AUTH_INVALID_KEY`. Signature mismatch, timestamp outside the window, unknown version or a version the key does not accept: 401 `AUTH_SIGNATURE_MISMATCH`. Scopes: reads need a read-capable scope; writes (refunds included) need `full` or `write`; payouts need `payout_only` or `full`. Payout, batch and destination reads need any read-capable scope, `payout_only` included; creating or cancelling them needs `payout_only` or `full`.  The two payer-facing checkout operations (`GET /checkout-sessions/{id}`, `POST /checkout-sessions/{id}/pay`) are authorised by the session's `client_token` instead, given in exactly one of the `X-Checkout-Token` header or the `client_token` query parameter.  ## Idempotency  `Idempotency-Key` (1 to 255 characters; a UUID v4 is suggested) is required on exactly seven operations: `POST /collections`, `POST /collections/{id}/refunds`, `POST /checkout-sessions`, `POST /checkout-sessions/{id}/pay`, `POST /sub-merchants`, `POST /payouts`, `POST /payouts/bulk`. The same key with an identical payload (canonical key-sorted SHA-256 of the body) returns the stored original result with status 200 and repeats no effect; the same key with a different payload is 409 `IDEMPOTENCY_CONFLICT`. Keys are scoped to the merchant and retained for 24 hours (`idempotency_key_retention_s = 86400`). A request that arrives while another with the same key is still running waits for it, at most 15 seconds (`idempotency_wait_max_s = 15`), then answers its stored result, or 409 `IDEMPOTENCY_CONFLICT` if it is still running. A request that stopped midway (a timeout, a lost connection) holds its key for 30 seconds (`idempotency_lock_s = 30`); a retry with the same key after that completes it with the same resource id instead of repeating its effect. The two 409s differ in `error.details.reason`: `payload_mismatch` (do not retry) or `in_progress` (the only one with `Retry-After`: retry with the same key). A replay answers the stored result whatever time has passed or state has changed since. Split-rule creation and the state changes (suspend, reactivate, deactivate, escrow release and return, delivery confirmation, payout cancel, the sandbox dispute helpers) take an optional `Idempotency-Key` with the same contract.  ## Pagination  Cursor pagination only. `limit` is 1 to 100, default 50; out-of-range values are clamped, not rejected. `cursor` is the opaque `meta.next_cursor` of the previous page, passed back unchanged; a cursor that was altered is 422. `meta.next_cursor = null` means no more pages. Lists are ordered newest first.  ## Rate limiting  Per API key, fixed windows: 200 requests per 2-second window (`RATE_LIMIT_BURST = 200` requests per `RATE_LIMIT_BURST / RATE_LIMIT_PER_SECOND` seconds, the defaults of a deployment; 100 per second on average). A key's window starts at its first request after the last one ended; the budget is shared by every API process, so it holds however many serve the key. Across a window's edge a client can spend up to two windows' budgets back to back. Over the limit: 429 `RATE_LIMITED` with `Retry-After` (integer seconds, until the window ends). `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` on each response say the window's size, what is left of it, and when it ends. Refused authentications are limited too, apart from valid traffic: once the failures charged to a key (or, for requests that name no known key, to the caller's address) exceed their budget, further failures are answered 429 instead of 401, while correctly signed requests of that key and of every other key go on being served. Failure budgets are the same size, counted the same way and shared by every API process too. 

    The version of the OpenAPI document: 1.0.0
    Contact: api-support@payagg.example
    Generated by OpenAPI Generator (https://openapi-generator.tech)

    Do not edit the class manually.
"""  # noqa: E501

# import models into model package
from payagg_client.models.bulk_payout_create import BulkPayoutCreate
from payagg_client.models.bulk_payout_item import BulkPayoutItem
from payagg_client.models.checkout_session import CheckoutSession
from payagg_client.models.checkout_session_create import CheckoutSessionCreate
from payagg_client.models.checkout_session_envelope import CheckoutSessionEnvelope
from payagg_client.models.checkout_session_pay import CheckoutSessionPay
from payagg_client.models.checkout_session_public import CheckoutSessionPublic
from payagg_client.models.checkout_session_public_envelope import CheckoutSessionPublicEnvelope
from payagg_client.models.checkout_session_public_payment import CheckoutSessionPublicPayment
from payagg_client.models.checkout_session_status import CheckoutSessionStatus
from payagg_client.models.collection_create import CollectionCreate
from payagg_client.models.destination_type import DestinationType
from payagg_client.models.dispute import Dispute
from payagg_client.models.dispute_envelope import DisputeEnvelope
from payagg_client.models.dispute_event_data import DisputeEventData
from payagg_client.models.dispute_list_envelope import DisputeListEnvelope
from payagg_client.models.dispute_status import DisputeStatus
from payagg_client.models.empty_envelope import EmptyEnvelope
from payagg_client.models.error import Error
from payagg_client.models.error_code import ErrorCode
from payagg_client.models.error_details import ErrorDetails
from payagg_client.models.error_envelope import ErrorEnvelope
from payagg_client.models.escrow_event_data import EscrowEventData
from payagg_client.models.escrow_hold import EscrowHold
from payagg_client.models.escrow_hold_envelope import EscrowHoldEnvelope
from payagg_client.models.escrow_hold_list_envelope import EscrowHoldListEnvelope
from payagg_client.models.escrow_hold_status import EscrowHoldStatus
from payagg_client.models.escrow_release_condition import EscrowReleaseCondition
from payagg_client.models.event_envelope import EventEnvelope
from payagg_client.models.event_list_envelope import EventListEnvelope
from payagg_client.models.field_error import FieldError
from payagg_client.models.fx_rate import FxRate
from payagg_client.models.fx_rate_envelope import FxRateEnvelope
from payagg_client.models.fx_rate_lock import FxRateLock
from payagg_client.models.fx_rate_lock_create import FxRateLockCreate
from payagg_client.models.fx_rate_lock_envelope import FxRateLockEnvelope
from payagg_client.models.kyc_case import KycCase
from payagg_client.models.kyc_case_envelope import KycCaseEnvelope
from payagg_client.models.kyc_decided_by import KycDecidedBy
from payagg_client.models.kyc_event_data import KycEventData
from payagg_client.models.kyc_requirement import KycRequirement
from payagg_client.models.kyc_status import KycStatus
from payagg_client.models.kyc_tier import KycTier
from payagg_client.models.meta import Meta
from payagg_client.models.page_meta import PageMeta
from payagg_client.models.payout import Payout
from payagg_client.models.payout_batch import PayoutBatch
from payagg_client.models.payout_batch_envelope import PayoutBatchEnvelope
from payagg_client.models.payout_batch_status import PayoutBatchStatus
from payagg_client.models.payout_create import PayoutCreate
from payagg_client.models.payout_destination import PayoutDestination
from payagg_client.models.payout_destination_create import PayoutDestinationCreate
from payagg_client.models.payout_destination_envelope import PayoutDestinationEnvelope
from payagg_client.models.payout_envelope import PayoutEnvelope
from payagg_client.models.payout_event_data import PayoutEventData
from payagg_client.models.payout_list_envelope import PayoutListEnvelope
from payagg_client.models.payout_status import PayoutStatus
from payagg_client.models.rail import Rail
from payagg_client.models.recipient_type import RecipientType
from payagg_client.models.refund_create import RefundCreate
from payagg_client.models.sandbox_dispute_create import SandboxDisputeCreate
from payagg_client.models.sandbox_dispute_resolve import SandboxDisputeResolve
from payagg_client.models.split_recipient import SplitRecipient
from payagg_client.models.split_recipient_create import SplitRecipientCreate
from payagg_client.models.split_rule import SplitRule
from payagg_client.models.split_rule_create import SplitRuleCreate
from payagg_client.models.split_rule_envelope import SplitRuleEnvelope
from payagg_client.models.split_rule_list_envelope import SplitRuleListEnvelope
from payagg_client.models.split_rule_type import SplitRuleType
from payagg_client.models.split_tier import SplitTier
from payagg_client.models.sub_merchant import SubMerchant
from payagg_client.models.sub_merchant_contact import SubMerchantContact
from payagg_client.models.sub_merchant_create import SubMerchantCreate
from payagg_client.models.sub_merchant_envelope import SubMerchantEnvelope
from payagg_client.models.sub_merchant_list_envelope import SubMerchantListEnvelope
from payagg_client.models.sub_merchant_status import SubMerchantStatus
from payagg_client.models.sub_merchant_status_change import SubMerchantStatusChange
from payagg_client.models.sub_merchant_type import SubMerchantType
from payagg_client.models.transaction import Transaction
from payagg_client.models.transaction_envelope import TransactionEnvelope
from payagg_client.models.transaction_event_data import TransactionEventData
from payagg_client.models.transaction_list_envelope import TransactionListEnvelope
from payagg_client.models.transaction_status import TransactionStatus
from payagg_client.models.transaction_type import TransactionType
from payagg_client.models.user import User
from payagg_client.models.user_list_envelope import UserListEnvelope
from payagg_client.models.user_role import UserRole
from payagg_client.models.user_status import UserStatus
from payagg_client.models.wallet import Wallet
from payagg_client.models.wallet_entry import WalletEntry
from payagg_client.models.wallet_entry_list_envelope import WalletEntryListEnvelope
from payagg_client.models.wallet_entry_phase import WalletEntryPhase
from payagg_client.models.wallet_entry_type import WalletEntryType
from payagg_client.models.wallet_envelope import WalletEnvelope
from payagg_client.models.wallet_list_envelope import WalletListEnvelope
from payagg_client.models.wallet_owner_type import WalletOwnerType
from payagg_client.models.wallet_statement import WalletStatement
from payagg_client.models.wallet_statement_day import WalletStatementDay
from payagg_client.models.wallet_statement_envelope import WalletStatementEnvelope
from payagg_client.models.webhook_delivery import WebhookDelivery
from payagg_client.models.webhook_delivery_envelope import WebhookDeliveryEnvelope
from payagg_client.models.webhook_delivery_list_envelope import WebhookDeliveryListEnvelope
from payagg_client.models.webhook_delivery_status import WebhookDeliveryStatus
from payagg_client.models.webhook_endpoint import WebhookEndpoint
from payagg_client.models.webhook_endpoint_create import WebhookEndpointCreate
from payagg_client.models.webhook_endpoint_created_envelope import WebhookEndpointCreatedEnvelope
from payagg_client.models.webhook_endpoint_envelope import WebhookEndpointEnvelope
from payagg_client.models.webhook_endpoint_list_envelope import WebhookEndpointListEnvelope
from payagg_client.models.webhook_endpoint_with_secret import WebhookEndpointWithSecret
from payagg_client.models.webhook_event import WebhookEvent
from payagg_client.models.webhook_event_type import WebhookEventType

