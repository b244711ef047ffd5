"""
    PayAgg Merchant API

    Collections (direct and hosted checkout), refunds, transactions, sub-merchants, team roster, wallets, split rules, payouts, webhooks and FX.  ## Conventions  - **Money** is an integer in minor currency units (1500.00 is `150000`). Every amount is a   safe integer: at most 9007199254740991 (`Number.MAX_SAFE_INTEGER`). - **Currency** codes are 3 upper-case letters (ISO 4217); **country** codes are 2 upper-case   letters (ISO 3166-1 alpha-2). Timestamps are ISO 8601 date-time strings (UTC). Ids are UUIDs. - **Success status** is `200` for every operation, creates and idempotent replays included. - **Paths** are matched exactly as written here: another case (`/V1/users`, `/v1/Users`), a   trailing slash, an empty (`//`) or dot (`/./`, `/../`) segment, or a percent-escape in   the path is not a path of this API and is 404 `RESOURCE_NOT_FOUND`, answered before   authentication, as is a wrong method (405 `METHOD_NOT_ALLOWED` with `Allow`). - **Text** in JSON bodies is UTF-8. No string and no object key, at any depth, may contain   the NUL character (U+0000) or a lone UTF-16 surrogate (a `\\ud800`-`\\udfff` escape without   its pair): such a body, or one that is not valid UTF-8, is 422 `VALIDATION_ERROR` naming   the field (`body.metadata.a`). Any other text (emoji, right-to-left, combining marks) is   stored exactly as sent. Error messages never quote the body. - **Content-Encoding**: request bodies are sent unencoded; a body with any   `Content-Encoding` other than `identity` (gzip, deflate, br...) is 415   `UNSUPPORTED_MEDIA_TYPE`. - **Query values**: integers are decimal digits (`limit=0x10` or `limit=1e1` is 422);   date-times are RFC 3339 instants from `0001-01-01T00:00:00Z` to   `9999-12-31T23:59:59.999Z` without leap seconds (second 60); otherwise 422 naming the   parameter (`query.date_from`). - **Envelope**: every response, success or failure, is `{data, error, meta}` with exactly these   three keys. On success `error` is `null`; on failure `data` is `null`. `meta.request_id` is   always present and equals the `X-Request-Id` response header. Clients branch on the HTTP   status and `error.code`, never on `error.message`. - **Request bodies** are JSON (`Content-Type: application/json`), at most 1 MiB   (`request_body_size_max_bytes = 1048576`); unknown body fields are rejected with 422.   Malformed JSON is 422 `VALIDATION_ERROR` with `details.fields[0].field = \"body\"`. An   operation that takes no body (every GET and DELETE, and the POSTs without a `requestBody`)   refuses one the same way (422 on `body`, nothing done); an empty body (no bytes,   whitespace, or `{}`) is accepted as none.   Declared query parameters are validated (422 when invalid); an undeclared one is a 422   naming it (a misspelt filter never silently widens a list), except on `GET /users`, which   ignores them (decision 0130). - **Ids**: a path id that is not a UUID is 422; a resource of another merchant reads as 404.  ## Authentication (merchant endpoints)  Every merchant request carries `X-Service-Key` (the merchant API key), `X-Service-Timestamp` (Unix time in seconds, as a decimal string) and `X-Service-Signature`: lowercase hex HMAC-SHA256, keyed with the API secret of the key, over a signed string chosen by `X-Service-Signature-Version`:  | Version | `X-Service-Signature-Version` | Signed string | |---|---|---| | 2 (recommended) | `2` | `timestamp + \".\" + METHOD + \".\" + path_with_query + \".\" + idempotency_key + \".\" + raw_body` | | 1 (the original scheme) | absent, or `1` | `timestamp + \".\" + raw_body` |  `raw_body` is the exact bytes sent (the empty string for a request without a body); `METHOD` is the HTTP method in upper case; `path_with_query` is the request target exactly as sent, path and query string with their percent-encoding, starting at `/v1` (for example `/v1/transactions?limit=10`); `idempotency_key` is the `Idempotency-Key` header, or the empty string when the request has none. A GET of `/v1/users` signs `1700000000.GET./v1/users..`. Any other `X-Service-Signature-Version` value is 401 `AUTH_SIGNATURE_MISMATCH`.  **Why version 2.** Version 1 binds a signature to the timestamp and the body only, so for 300 seconds anyone who captured one request can replay it to another path (a refund signed for one collection works on any other), with another method, another query, or a fresh `Idempotency-Key` (which the server treats as a new operation: a second refund, a second collection); one GET signature works on every GET path. Version 2 signs the method, the request target and the idempotency key as well, so a captured request can only be replayed unchanged, and an unchanged replay of a create is answered from the idempotency record without a second effect. Version 1 stays accepted for clients built against it, unless the key requires version 2: an operator can issue a key that way or switch an existing key (running servers apply the switch within about a second), after which a version-1 signature is 401 `AUTH_SIGNATURE_MISMATCH`. The official SDKs sign with version 2.  A timestamp more than 300 seconds (`signature_tolerance_s = 300`) from the server clock is rejected, whichever the version. Missing, malformed, unknown, revoked, expired, IP-blocked or out-of-scope key: 401 `AUTH_INVALID_KEY`. Signature mismatch, timestamp outside the window, unknown version or a version the key does not accept: 401 `AUTH_SIGNATURE_MISMATCH`. Scopes: reads need a read-capable scope; writes (refunds included) need `full` or `write`; payouts need `payout_only` or `full`. Payout, batch and destination reads need any read-capable scope, `payout_only` included; creating or cancelling them needs `payout_only` or `full`.  The two payer-facing checkout operations (`GET /checkout-sessions/{id}`, `POST /checkout-sessions/{id}/pay`) are authorised by the session's `client_token` instead, given in exactly one of the `X-Checkout-Token` header or the `client_token` query parameter.  ## Idempotency  `Idempotency-Key` (1 to 255 characters; a UUID v4 is suggested) is required on exactly seven operations: `POST /collections`, `POST /collections/{id}/refunds`, `POST /checkout-sessions`, `POST /checkout-sessions/{id}/pay`, `POST /sub-merchants`, `POST /payouts`, `POST /payouts/bulk`. The same key with an identical payload (canonical key-sorted SHA-256 of the body) returns the stored original result with status 200 and repeats no effect; the same key with a different payload is 409 `IDEMPOTENCY_CONFLICT`. Keys are scoped to the merchant and retained for 24 hours (`idempotency_key_retention_s = 86400`). A request that arrives while another with the same key is still running waits for it, at most 15 seconds (`idempotency_wait_max_s = 15`), then answers its stored result, or 409 `IDEMPOTENCY_CONFLICT` if it is still running. A request that stopped midway (a timeout, a lost connection) holds its key for 30 seconds (`idempotency_lock_s = 30`); a retry with the same key after that completes it with the same resource id instead of repeating its effect. The two 409s differ in `error.details.reason`: `payload_mismatch` (do not retry) or `in_progress` (the only one with `Retry-After`: retry with the same key). A replay answers the stored result whatever time has passed or state has changed since. Split-rule creation and the state changes (suspend, reactivate, deactivate, escrow release and return, delivery confirmation, payout cancel, the sandbox dispute helpers) take an optional `Idempotency-Key` with the same contract.  ## Pagination  Cursor pagination only. `limit` is 1 to 100, default 50; out-of-range values are clamped, not rejected. `cursor` is the opaque `meta.next_cursor` of the previous page, passed back unchanged; a cursor that was altered is 422. `meta.next_cursor = null` means no more pages. Lists are ordered newest first.  ## Rate limiting  Per API key, fixed windows: 200 requests per 2-second window (`RATE_LIMIT_BURST = 200` requests per `RATE_LIMIT_BURST / RATE_LIMIT_PER_SECOND` seconds, the defaults of a deployment; 100 per second on average). A key's window starts at its first request after the last one ended; the budget is shared by every API process, so it holds however many serve the key. Across a window's edge a client can spend up to two windows' budgets back to back. Over the limit: 429 `RATE_LIMITED` with `Retry-After` (integer seconds, until the window ends). `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` on each response say the window's size, what is left of it, and when it ends. Refused authentications are limited too, apart from valid traffic: once the failures charged to a key (or, for requests that name no known key, to the caller's address) exceed their budget, further failures are answered 429 instead of 401, while correctly signed requests of that key and of every other key go on being served. Failure budgets are the same size, counted the same way and shared by every API process too. 

    The version of the OpenAPI document: 1.0.0
    Contact: api-support@payagg.example
    Generated by OpenAPI Generator (https://openapi-generator.tech)

    Do not edit the class manually.
"""  # noqa: E501


import warnings
from pydantic import validate_call, Field, StrictFloat, StrictStr, StrictInt
from typing import Any, Dict, List, Optional, Tuple, Union
from typing_extensions import Annotated

from datetime import date, datetime
from pydantic import Field, StrictInt
from typing import Optional
from typing_extensions import Annotated
from uuid import UUID
from payagg_client.models.wallet_entry_list_envelope import WalletEntryListEnvelope
from payagg_client.models.wallet_envelope import WalletEnvelope
from payagg_client.models.wallet_list_envelope import WalletListEnvelope
from payagg_client.models.wallet_statement_envelope import WalletStatementEnvelope

from payagg_client.api_client import ApiClient, RequestSerialized
from payagg_client.api_response import ApiResponse
from payagg_client.rest import RESTResponseType


class WalletsApi:
    """NOTE: This class is auto generated by OpenAPI Generator
    Ref: https://openapi-generator.tech

    Do not edit the class manually.
    """

    def __init__(self, api_client=None) -> None:
        if api_client is None:
            api_client = ApiClient.get_default()
        self.api_client = api_client


    @validate_call
    def export_wallet_statement(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        date_from: Annotated[date, Field(description="The statement's first day (UTC), YYYY-MM-DD.")],
        date_to: Annotated[date, Field(description="The statement's last day (UTC), inclusive, YYYY-MM-DD; at most 92 days after date_from and not after today; before date_from is 422.")],
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> str:
        """Export a wallet's statement as CSV

        Every movement of the wallet over the period (UTC days, as GET /wallets/{id}/statement), oldest first, as RFC 4180 CSV (CRLF line ends, a header row, fields quoted when they hold a comma, quote or line break). Columns: created_at, entry_id, type, phase, direction, amount, currency, available_balance_after, pending_balance_after, transaction_id, payout_id, fx_conversion_id, dispute_id, hold_id: the fields of a WalletEntry, amounts in integer minor units. A cell that would begin with `=`, `+`, `-` or `@` is written with a leading `'` so a spreadsheet never runs it as a formula. Errors are JSON envelopes. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param date_from: The statement's first day (UTC), YYYY-MM-DD. (required)
        :type date_from: date
        :param date_to: The statement's last day (UTC), inclusive, YYYY-MM-DD; at most 92 days after date_from and not after today; before date_from is 422. (required)
        :type date_to: date
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._export_wallet_statement_serialize(
            id=id,
            date_from=date_from,
            date_to=date_to,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "str",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def export_wallet_statement_with_http_info(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        date_from: Annotated[date, Field(description="The statement's first day (UTC), YYYY-MM-DD.")],
        date_to: Annotated[date, Field(description="The statement's last day (UTC), inclusive, YYYY-MM-DD; at most 92 days after date_from and not after today; before date_from is 422.")],
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[str]:
        """Export a wallet's statement as CSV

        Every movement of the wallet over the period (UTC days, as GET /wallets/{id}/statement), oldest first, as RFC 4180 CSV (CRLF line ends, a header row, fields quoted when they hold a comma, quote or line break). Columns: created_at, entry_id, type, phase, direction, amount, currency, available_balance_after, pending_balance_after, transaction_id, payout_id, fx_conversion_id, dispute_id, hold_id: the fields of a WalletEntry, amounts in integer minor units. A cell that would begin with `=`, `+`, `-` or `@` is written with a leading `'` so a spreadsheet never runs it as a formula. Errors are JSON envelopes. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param date_from: The statement's first day (UTC), YYYY-MM-DD. (required)
        :type date_from: date
        :param date_to: The statement's last day (UTC), inclusive, YYYY-MM-DD; at most 92 days after date_from and not after today; before date_from is 422. (required)
        :type date_to: date
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._export_wallet_statement_serialize(
            id=id,
            date_from=date_from,
            date_to=date_to,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "str",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def export_wallet_statement_without_preload_content(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        date_from: Annotated[date, Field(description="The statement's first day (UTC), YYYY-MM-DD.")],
        date_to: Annotated[date, Field(description="The statement's last day (UTC), inclusive, YYYY-MM-DD; at most 92 days after date_from and not after today; before date_from is 422.")],
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """Export a wallet's statement as CSV

        Every movement of the wallet over the period (UTC days, as GET /wallets/{id}/statement), oldest first, as RFC 4180 CSV (CRLF line ends, a header row, fields quoted when they hold a comma, quote or line break). Columns: created_at, entry_id, type, phase, direction, amount, currency, available_balance_after, pending_balance_after, transaction_id, payout_id, fx_conversion_id, dispute_id, hold_id: the fields of a WalletEntry, amounts in integer minor units. A cell that would begin with `=`, `+`, `-` or `@` is written with a leading `'` so a spreadsheet never runs it as a formula. Errors are JSON envelopes. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param date_from: The statement's first day (UTC), YYYY-MM-DD. (required)
        :type date_from: date
        :param date_to: The statement's last day (UTC), inclusive, YYYY-MM-DD; at most 92 days after date_from and not after today; before date_from is 422. (required)
        :type date_to: date
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._export_wallet_statement_serialize(
            id=id,
            date_from=date_from,
            date_to=date_to,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "str",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _export_wallet_statement_serialize(
        self,
        id,
        date_from,
        date_to,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        if id is not None:
            _path_params['id'] = id
        # process the query parameters
        if date_from is not None:
            if isinstance(date_from, date):
                _query_params.append(
                    (
                        'date_from',
                        date_from.strftime(
                            self.api_client.configuration.date_format
                        )
                    )
                )
            else:
                _query_params.append(('date_from', date_from))
            
        if date_to is not None:
            if isinstance(date_to, date):
                _query_params.append(
                    (
                        'date_to',
                        date_to.strftime(
                            self.api_client.configuration.date_format
                        )
                    )
                )
            else:
                _query_params.append(('date_to', date_to))
            
        # process the header parameters
        # process the form parameters
        # process the body parameter


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'text/csv', 
                    'application/json'
                ]
            )


        # authentication setting
        _auth_settings: List[str] = [
            'ServiceSignatureVersion', 
            'ServiceTimestamp', 
            'ServiceSignature', 
            'ServiceKey'
        ]

        return self.api_client.param_serialize(
            method='GET',
            resource_path='/wallets/{id}/statement.csv',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def get_wallet_balance(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        at: Annotated[Optional[datetime], Field(description="The balances at this past instant (RFC 3339); an instant in the future or before 1970 is 422.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> WalletEnvelope:
        """Get a wallet's balance

        Returns the wallet with its current balances, read from the ledger: `available_balance` (spendable now; the only part that can be paid out) and `pending_balance` (escrowed or uncleared money held for it). Another merchant's wallet reads as 404. With `at`, the balances as they were at that instant (after every movement at or before it; zero before the wallet's first movement); `updated_at` is then `at`. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param at: The balances at this past instant (RFC 3339); an instant in the future or before 1970 is 422.
        :type at: datetime
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._get_wallet_balance_serialize(
            id=id,
            at=at,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WalletEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def get_wallet_balance_with_http_info(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        at: Annotated[Optional[datetime], Field(description="The balances at this past instant (RFC 3339); an instant in the future or before 1970 is 422.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[WalletEnvelope]:
        """Get a wallet's balance

        Returns the wallet with its current balances, read from the ledger: `available_balance` (spendable now; the only part that can be paid out) and `pending_balance` (escrowed or uncleared money held for it). Another merchant's wallet reads as 404. With `at`, the balances as they were at that instant (after every movement at or before it; zero before the wallet's first movement); `updated_at` is then `at`. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param at: The balances at this past instant (RFC 3339); an instant in the future or before 1970 is 422.
        :type at: datetime
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._get_wallet_balance_serialize(
            id=id,
            at=at,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WalletEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def get_wallet_balance_without_preload_content(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        at: Annotated[Optional[datetime], Field(description="The balances at this past instant (RFC 3339); an instant in the future or before 1970 is 422.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """Get a wallet's balance

        Returns the wallet with its current balances, read from the ledger: `available_balance` (spendable now; the only part that can be paid out) and `pending_balance` (escrowed or uncleared money held for it). Another merchant's wallet reads as 404. With `at`, the balances as they were at that instant (after every movement at or before it; zero before the wallet's first movement); `updated_at` is then `at`. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param at: The balances at this past instant (RFC 3339); an instant in the future or before 1970 is 422.
        :type at: datetime
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._get_wallet_balance_serialize(
            id=id,
            at=at,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WalletEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _get_wallet_balance_serialize(
        self,
        id,
        at,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        if id is not None:
            _path_params['id'] = id
        # process the query parameters
        if at is not None:
            if isinstance(at, datetime):
                _query_params.append(
                    (
                        'at',
                        at.strftime(
                            self.api_client.configuration.datetime_format
                        )
                    )
                )
            else:
                _query_params.append(('at', at))
            
        # process the header parameters
        # process the form parameters
        # process the body parameter


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )


        # authentication setting
        _auth_settings: List[str] = [
            'ServiceSignatureVersion', 
            'ServiceTimestamp', 
            'ServiceSignature', 
            'ServiceKey'
        ]

        return self.api_client.param_serialize(
            method='GET',
            resource_path='/wallets/{id}/balance',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def get_wallet_statement(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        date_from: Annotated[date, Field(description="The statement's first day (UTC), YYYY-MM-DD.")],
        date_to: Annotated[date, Field(description="The statement's last day (UTC), inclusive, YYYY-MM-DD; at most 92 days after date_from and not after today; before date_from is 422.")],
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> WalletStatementEnvelope:
        """Get a wallet's daily statement

        The wallet's balances per UTC day over a period, read from the ledger: each day's opening balances (at the end of the day before), closing balances (after its last movement), the money posted in (`credits`) and out (`debits`) that day, and how many movements it had. Holds move money between available and pending without being credits or debits: closing_available = opening_available + credits - debits - (holds made) + (holds voided). The merchant's wallets and its sub-merchants'; another merchant's wallet reads as 404. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param date_from: The statement's first day (UTC), YYYY-MM-DD. (required)
        :type date_from: date
        :param date_to: The statement's last day (UTC), inclusive, YYYY-MM-DD; at most 92 days after date_from and not after today; before date_from is 422. (required)
        :type date_to: date
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._get_wallet_statement_serialize(
            id=id,
            date_from=date_from,
            date_to=date_to,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WalletStatementEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def get_wallet_statement_with_http_info(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        date_from: Annotated[date, Field(description="The statement's first day (UTC), YYYY-MM-DD.")],
        date_to: Annotated[date, Field(description="The statement's last day (UTC), inclusive, YYYY-MM-DD; at most 92 days after date_from and not after today; before date_from is 422.")],
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[WalletStatementEnvelope]:
        """Get a wallet's daily statement

        The wallet's balances per UTC day over a period, read from the ledger: each day's opening balances (at the end of the day before), closing balances (after its last movement), the money posted in (`credits`) and out (`debits`) that day, and how many movements it had. Holds move money between available and pending without being credits or debits: closing_available = opening_available + credits - debits - (holds made) + (holds voided). The merchant's wallets and its sub-merchants'; another merchant's wallet reads as 404. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param date_from: The statement's first day (UTC), YYYY-MM-DD. (required)
        :type date_from: date
        :param date_to: The statement's last day (UTC), inclusive, YYYY-MM-DD; at most 92 days after date_from and not after today; before date_from is 422. (required)
        :type date_to: date
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._get_wallet_statement_serialize(
            id=id,
            date_from=date_from,
            date_to=date_to,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WalletStatementEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def get_wallet_statement_without_preload_content(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        date_from: Annotated[date, Field(description="The statement's first day (UTC), YYYY-MM-DD.")],
        date_to: Annotated[date, Field(description="The statement's last day (UTC), inclusive, YYYY-MM-DD; at most 92 days after date_from and not after today; before date_from is 422.")],
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """Get a wallet's daily statement

        The wallet's balances per UTC day over a period, read from the ledger: each day's opening balances (at the end of the day before), closing balances (after its last movement), the money posted in (`credits`) and out (`debits`) that day, and how many movements it had. Holds move money between available and pending without being credits or debits: closing_available = opening_available + credits - debits - (holds made) + (holds voided). The merchant's wallets and its sub-merchants'; another merchant's wallet reads as 404. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param date_from: The statement's first day (UTC), YYYY-MM-DD. (required)
        :type date_from: date
        :param date_to: The statement's last day (UTC), inclusive, YYYY-MM-DD; at most 92 days after date_from and not after today; before date_from is 422. (required)
        :type date_to: date
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._get_wallet_statement_serialize(
            id=id,
            date_from=date_from,
            date_to=date_to,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WalletStatementEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _get_wallet_statement_serialize(
        self,
        id,
        date_from,
        date_to,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        if id is not None:
            _path_params['id'] = id
        # process the query parameters
        if date_from is not None:
            if isinstance(date_from, date):
                _query_params.append(
                    (
                        'date_from',
                        date_from.strftime(
                            self.api_client.configuration.date_format
                        )
                    )
                )
            else:
                _query_params.append(('date_from', date_from))
            
        if date_to is not None:
            if isinstance(date_to, date):
                _query_params.append(
                    (
                        'date_to',
                        date_to.strftime(
                            self.api_client.configuration.date_format
                        )
                    )
                )
            else:
                _query_params.append(('date_to', date_to))
            
        # process the header parameters
        # process the form parameters
        # process the body parameter


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )


        # authentication setting
        _auth_settings: List[str] = [
            'ServiceSignatureVersion', 
            'ServiceTimestamp', 
            'ServiceSignature', 
            'ServiceKey'
        ]

        return self.api_client.param_serialize(
            method='GET',
            resource_path='/wallets/{id}/statement',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def list_wallet_entries(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        cursor: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=1024)]], Field(description="Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).")] = None,
        limit: Annotated[Optional[StrictInt], Field(description="Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> WalletEntryListEnvelope:
        """List a wallet's entries (statement)

        The wallet's movements from the ledger, newest first: each with its amount, direction, what it did (`phase`), the wallet's balances right after it, and the transaction, payout or hold it belongs to. The statement a finance team reconciles against: the newest entry's balances equal the wallet's balances, and each entry's balances follow from the previous entry's by its amount. A page costs the same however long the wallet's history (index range reads of the ledger). Another merchant's wallet reads as 404; a cursor of another wallet's statement is 422. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param cursor: Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).
        :type cursor: str
        :param limit: Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).
        :type limit: int
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._list_wallet_entries_serialize(
            id=id,
            cursor=cursor,
            limit=limit,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WalletEntryListEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def list_wallet_entries_with_http_info(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        cursor: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=1024)]], Field(description="Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).")] = None,
        limit: Annotated[Optional[StrictInt], Field(description="Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[WalletEntryListEnvelope]:
        """List a wallet's entries (statement)

        The wallet's movements from the ledger, newest first: each with its amount, direction, what it did (`phase`), the wallet's balances right after it, and the transaction, payout or hold it belongs to. The statement a finance team reconciles against: the newest entry's balances equal the wallet's balances, and each entry's balances follow from the previous entry's by its amount. A page costs the same however long the wallet's history (index range reads of the ledger). Another merchant's wallet reads as 404; a cursor of another wallet's statement is 422. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param cursor: Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).
        :type cursor: str
        :param limit: Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).
        :type limit: int
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._list_wallet_entries_serialize(
            id=id,
            cursor=cursor,
            limit=limit,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WalletEntryListEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def list_wallet_entries_without_preload_content(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        cursor: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=1024)]], Field(description="Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).")] = None,
        limit: Annotated[Optional[StrictInt], Field(description="Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """List a wallet's entries (statement)

        The wallet's movements from the ledger, newest first: each with its amount, direction, what it did (`phase`), the wallet's balances right after it, and the transaction, payout or hold it belongs to. The statement a finance team reconciles against: the newest entry's balances equal the wallet's balances, and each entry's balances follow from the previous entry's by its amount. A page costs the same however long the wallet's history (index range reads of the ledger). Another merchant's wallet reads as 404; a cursor of another wallet's statement is 422. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param cursor: Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).
        :type cursor: str
        :param limit: Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).
        :type limit: int
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._list_wallet_entries_serialize(
            id=id,
            cursor=cursor,
            limit=limit,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WalletEntryListEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _list_wallet_entries_serialize(
        self,
        id,
        cursor,
        limit,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        if id is not None:
            _path_params['id'] = id
        # process the query parameters
        if cursor is not None:
            
            _query_params.append(('cursor', cursor))
            
        if limit is not None:
            
            _query_params.append(('limit', limit))
            
        # process the header parameters
        # process the form parameters
        # process the body parameter


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )


        # authentication setting
        _auth_settings: List[str] = [
            'ServiceSignatureVersion', 
            'ServiceTimestamp', 
            'ServiceSignature', 
            'ServiceKey'
        ]

        return self.api_client.param_serialize(
            method='GET',
            resource_path='/wallets/{id}/entries',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def list_wallets(
        self,
        cursor: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=1024)]], Field(description="Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).")] = None,
        limit: Annotated[Optional[StrictInt], Field(description="Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).")] = None,
        owner_id: Annotated[Optional[UUID], Field(description="Only wallets of this owner (the merchant or one of its sub-merchants).")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> WalletListEnvelope:
        """List wallets

        Wallets of the merchant (one per currency) and of its sub-merchants, newest first. `owner_id` filters to one owner (an owner that is not the merchant or one of its sub-merchants gives an empty list). A wallet is opened on first need: the merchant's when its first collection in that currency succeeds, a sub-merchant's when money in that currency is first credited to it. Balances are read from the ledger at request time. 

        :param cursor: Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).
        :type cursor: str
        :param limit: Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).
        :type limit: int
        :param owner_id: Only wallets of this owner (the merchant or one of its sub-merchants).
        :type owner_id: UUID
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._list_wallets_serialize(
            cursor=cursor,
            limit=limit,
            owner_id=owner_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WalletListEnvelope",
            '401': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def list_wallets_with_http_info(
        self,
        cursor: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=1024)]], Field(description="Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).")] = None,
        limit: Annotated[Optional[StrictInt], Field(description="Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).")] = None,
        owner_id: Annotated[Optional[UUID], Field(description="Only wallets of this owner (the merchant or one of its sub-merchants).")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[WalletListEnvelope]:
        """List wallets

        Wallets of the merchant (one per currency) and of its sub-merchants, newest first. `owner_id` filters to one owner (an owner that is not the merchant or one of its sub-merchants gives an empty list). A wallet is opened on first need: the merchant's when its first collection in that currency succeeds, a sub-merchant's when money in that currency is first credited to it. Balances are read from the ledger at request time. 

        :param cursor: Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).
        :type cursor: str
        :param limit: Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).
        :type limit: int
        :param owner_id: Only wallets of this owner (the merchant or one of its sub-merchants).
        :type owner_id: UUID
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._list_wallets_serialize(
            cursor=cursor,
            limit=limit,
            owner_id=owner_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WalletListEnvelope",
            '401': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def list_wallets_without_preload_content(
        self,
        cursor: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=1024)]], Field(description="Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).")] = None,
        limit: Annotated[Optional[StrictInt], Field(description="Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).")] = None,
        owner_id: Annotated[Optional[UUID], Field(description="Only wallets of this owner (the merchant or one of its sub-merchants).")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """List wallets

        Wallets of the merchant (one per currency) and of its sub-merchants, newest first. `owner_id` filters to one owner (an owner that is not the merchant or one of its sub-merchants gives an empty list). A wallet is opened on first need: the merchant's when its first collection in that currency succeeds, a sub-merchant's when money in that currency is first credited to it. Balances are read from the ledger at request time. 

        :param cursor: Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).
        :type cursor: str
        :param limit: Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).
        :type limit: int
        :param owner_id: Only wallets of this owner (the merchant or one of its sub-merchants).
        :type owner_id: UUID
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._list_wallets_serialize(
            cursor=cursor,
            limit=limit,
            owner_id=owner_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WalletListEnvelope",
            '401': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _list_wallets_serialize(
        self,
        cursor,
        limit,
        owner_id,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        # process the query parameters
        if cursor is not None:
            
            _query_params.append(('cursor', cursor))
            
        if limit is not None:
            
            _query_params.append(('limit', limit))
            
        if owner_id is not None:
            
            _query_params.append(('owner_id', owner_id))
            
        # process the header parameters
        # process the form parameters
        # process the body parameter


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )


        # authentication setting
        _auth_settings: List[str] = [
            'ServiceSignatureVersion', 
            'ServiceTimestamp', 
            'ServiceSignature', 
            'ServiceKey'
        ]

        return self.api_client.param_serialize(
            method='GET',
            resource_path='/wallets',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )


