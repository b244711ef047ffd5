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

from pydantic import Field, StrictInt
from typing import Optional
from typing_extensions import Annotated
from uuid import UUID
from payagg_client.models.kyc_case_envelope import KycCaseEnvelope
from payagg_client.models.kyc_status import KycStatus
from payagg_client.models.sub_merchant_create import SubMerchantCreate
from payagg_client.models.sub_merchant_envelope import SubMerchantEnvelope
from payagg_client.models.sub_merchant_list_envelope import SubMerchantListEnvelope
from payagg_client.models.sub_merchant_status_change import SubMerchantStatusChange

from payagg_client.api_client import ApiClient, RequestSerialized
from payagg_client.api_response import ApiResponse
from payagg_client.rest import RESTResponseType


class SubMerchantsApi:
    """NOTE: This class is auto generated by OpenAPI Generator
    Ref: https://openapi-generator.tech

    Do not edit the class manually.
    """

    def __init__(self, api_client=None) -> None:
        if api_client is None:
            api_client = ApiClient.get_default()
        self.api_client = api_client


    @validate_call
    def create_sub_merchant(
        self,
        idempotency_key: Annotated[str, Field(min_length=1, strict=True, max_length=255, description="Client-generated key, unique per logical operation (a UUID v4 is suggested). Same key and payload replays the stored result; same key and a different payload is 409 IDEMPOTENCY_CONFLICT. Retained 24 hours.")],
        sub_merchant_create: SubMerchantCreate,
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
    ) -> SubMerchantEnvelope:
        """Onboard a sub-merchant

        Creates a sub-merchant (status `active`, `kyc_status` `pending`) and starts a KYC case for its tier (`tier_1` when omitted). The KYC provider decides asynchronously: the case moves to `verified`, `rejected` or `needs_review` (read it with `GET /sub-merchants/{id}/kyc`), and `verified` and `rejected` write the `kyc.verified` / `kyc.rejected` events (`needs_review` writes none; an operator settles it to `verified` or `rejected`, which writes the event). In the sandbox the provider answers after `SANDBOX_KYC_DELAY_MS` (default 3 s): `verified`, unless `display_name` contains one of the magic values `sandbox_kyc_rejected`, `sandbox_kyc_sanctions` (both `rejected`) or `sandbox_kyc_needs_review`. Until verified a sub-merchant may be named on collections within the `tier_1` limits and receive money into its wallet, but cannot be paid out; once verified its own tier's limits apply. Needs a write-capable key scope (`full` or `write`). 

        :param idempotency_key: Client-generated key, unique per logical operation (a UUID v4 is suggested). Same key and payload replays the stored result; same key and a different payload is 409 IDEMPOTENCY_CONFLICT. Retained 24 hours. (required)
        :type idempotency_key: str
        :param sub_merchant_create: (required)
        :type sub_merchant_create: SubMerchantCreate
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

        _param = self._create_sub_merchant_serialize(
            idempotency_key=idempotency_key,
            sub_merchant_create=sub_merchant_create,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "SubMerchantEnvelope",
            '401': "ErrorEnvelope",
            '409': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
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
    def create_sub_merchant_with_http_info(
        self,
        idempotency_key: Annotated[str, Field(min_length=1, strict=True, max_length=255, description="Client-generated key, unique per logical operation (a UUID v4 is suggested). Same key and payload replays the stored result; same key and a different payload is 409 IDEMPOTENCY_CONFLICT. Retained 24 hours.")],
        sub_merchant_create: SubMerchantCreate,
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
    ) -> ApiResponse[SubMerchantEnvelope]:
        """Onboard a sub-merchant

        Creates a sub-merchant (status `active`, `kyc_status` `pending`) and starts a KYC case for its tier (`tier_1` when omitted). The KYC provider decides asynchronously: the case moves to `verified`, `rejected` or `needs_review` (read it with `GET /sub-merchants/{id}/kyc`), and `verified` and `rejected` write the `kyc.verified` / `kyc.rejected` events (`needs_review` writes none; an operator settles it to `verified` or `rejected`, which writes the event). In the sandbox the provider answers after `SANDBOX_KYC_DELAY_MS` (default 3 s): `verified`, unless `display_name` contains one of the magic values `sandbox_kyc_rejected`, `sandbox_kyc_sanctions` (both `rejected`) or `sandbox_kyc_needs_review`. Until verified a sub-merchant may be named on collections within the `tier_1` limits and receive money into its wallet, but cannot be paid out; once verified its own tier's limits apply. Needs a write-capable key scope (`full` or `write`). 

        :param idempotency_key: Client-generated key, unique per logical operation (a UUID v4 is suggested). Same key and payload replays the stored result; same key and a different payload is 409 IDEMPOTENCY_CONFLICT. Retained 24 hours. (required)
        :type idempotency_key: str
        :param sub_merchant_create: (required)
        :type sub_merchant_create: SubMerchantCreate
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

        _param = self._create_sub_merchant_serialize(
            idempotency_key=idempotency_key,
            sub_merchant_create=sub_merchant_create,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "SubMerchantEnvelope",
            '401': "ErrorEnvelope",
            '409': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
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
    def create_sub_merchant_without_preload_content(
        self,
        idempotency_key: Annotated[str, Field(min_length=1, strict=True, max_length=255, description="Client-generated key, unique per logical operation (a UUID v4 is suggested). Same key and payload replays the stored result; same key and a different payload is 409 IDEMPOTENCY_CONFLICT. Retained 24 hours.")],
        sub_merchant_create: SubMerchantCreate,
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
        """Onboard a sub-merchant

        Creates a sub-merchant (status `active`, `kyc_status` `pending`) and starts a KYC case for its tier (`tier_1` when omitted). The KYC provider decides asynchronously: the case moves to `verified`, `rejected` or `needs_review` (read it with `GET /sub-merchants/{id}/kyc`), and `verified` and `rejected` write the `kyc.verified` / `kyc.rejected` events (`needs_review` writes none; an operator settles it to `verified` or `rejected`, which writes the event). In the sandbox the provider answers after `SANDBOX_KYC_DELAY_MS` (default 3 s): `verified`, unless `display_name` contains one of the magic values `sandbox_kyc_rejected`, `sandbox_kyc_sanctions` (both `rejected`) or `sandbox_kyc_needs_review`. Until verified a sub-merchant may be named on collections within the `tier_1` limits and receive money into its wallet, but cannot be paid out; once verified its own tier's limits apply. Needs a write-capable key scope (`full` or `write`). 

        :param idempotency_key: Client-generated key, unique per logical operation (a UUID v4 is suggested). Same key and payload replays the stored result; same key and a different payload is 409 IDEMPOTENCY_CONFLICT. Retained 24 hours. (required)
        :type idempotency_key: str
        :param sub_merchant_create: (required)
        :type sub_merchant_create: SubMerchantCreate
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

        _param = self._create_sub_merchant_serialize(
            idempotency_key=idempotency_key,
            sub_merchant_create=sub_merchant_create,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "SubMerchantEnvelope",
            '401': "ErrorEnvelope",
            '409': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _create_sub_merchant_serialize(
        self,
        idempotency_key,
        sub_merchant_create,
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
        # process the header parameters
        if idempotency_key is not None:
            _header_params['Idempotency-Key'] = idempotency_key
        # process the form parameters
        # process the body parameter
        if sub_merchant_create is not None:
            _body_params = sub_merchant_create


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )

        # set the HTTP header `Content-Type`
        if _content_type:
            _header_params['Content-Type'] = _content_type
        else:
            _default_content_type = (
                self.api_client.select_header_content_type(
                    [
                        'application/json'
                    ]
                )
            )
            if _default_content_type is not None:
                _header_params['Content-Type'] = _default_content_type

        # authentication setting
        _auth_settings: List[str] = [
            'ServiceSignatureVersion', 
            'ServiceTimestamp', 
            'ServiceSignature', 
            'ServiceKey'
        ]

        return self.api_client.param_serialize(
            method='POST',
            resource_path='/sub-merchants',
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
    def get_sub_merchant(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
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
    ) -> SubMerchantEnvelope:
        """Get a sub-merchant

        Returns the sub-merchant with this id. Another merchant's sub-merchant reads as 404.

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
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

        _param = self._get_sub_merchant_serialize(
            id=id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "SubMerchantEnvelope",
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
    def get_sub_merchant_with_http_info(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
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
    ) -> ApiResponse[SubMerchantEnvelope]:
        """Get a sub-merchant

        Returns the sub-merchant with this id. Another merchant's sub-merchant reads as 404.

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
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

        _param = self._get_sub_merchant_serialize(
            id=id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "SubMerchantEnvelope",
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
    def get_sub_merchant_without_preload_content(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
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
        """Get a sub-merchant

        Returns the sub-merchant with this id. Another merchant's sub-merchant reads as 404.

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
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

        _param = self._get_sub_merchant_serialize(
            id=id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "SubMerchantEnvelope",
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


    def _get_sub_merchant_serialize(
        self,
        id,
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
            resource_path='/sub-merchants/{id}',
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
    def get_sub_merchant_kyc(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
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
    ) -> KycCaseEnvelope:
        """Get a sub-merchant's KYC case

        The KYC case that creation started: its tier, status, what the tier requires and what is still outstanding, the provider's or operator's reason, and when and by whom it was decided. Another merchant's sub-merchant reads as 404. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
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

        _param = self._get_sub_merchant_kyc_serialize(
            id=id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "KycCaseEnvelope",
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
    def get_sub_merchant_kyc_with_http_info(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
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
    ) -> ApiResponse[KycCaseEnvelope]:
        """Get a sub-merchant's KYC case

        The KYC case that creation started: its tier, status, what the tier requires and what is still outstanding, the provider's or operator's reason, and when and by whom it was decided. Another merchant's sub-merchant reads as 404. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
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

        _param = self._get_sub_merchant_kyc_serialize(
            id=id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "KycCaseEnvelope",
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
    def get_sub_merchant_kyc_without_preload_content(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
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
        """Get a sub-merchant's KYC case

        The KYC case that creation started: its tier, status, what the tier requires and what is still outstanding, the provider's or operator's reason, and when and by whom it was decided. Another merchant's sub-merchant reads as 404. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
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

        _param = self._get_sub_merchant_kyc_serialize(
            id=id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "KycCaseEnvelope",
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


    def _get_sub_merchant_kyc_serialize(
        self,
        id,
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
            resource_path='/sub-merchants/{id}/kyc',
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
    def list_sub_merchants(
        self,
        cursor: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=1024)]], Field(description="Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).")] = None,
        limit: Annotated[Optional[StrictInt], Field(description="Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).")] = None,
        kyc_status: Annotated[Optional[KycStatus], Field(description="Only sub-merchants with this KYC status.")] = None,
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
    ) -> SubMerchantListEnvelope:
        """List sub-merchants

        Sub-merchants of the merchant, newest first.

        :param cursor: Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).
        :type cursor: str
        :param limit: Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).
        :type limit: int
        :param kyc_status: Only sub-merchants with this KYC status.
        :type kyc_status: KycStatus
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

        _param = self._list_sub_merchants_serialize(
            cursor=cursor,
            limit=limit,
            kyc_status=kyc_status,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "SubMerchantListEnvelope",
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
    def list_sub_merchants_with_http_info(
        self,
        cursor: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=1024)]], Field(description="Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).")] = None,
        limit: Annotated[Optional[StrictInt], Field(description="Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).")] = None,
        kyc_status: Annotated[Optional[KycStatus], Field(description="Only sub-merchants with this KYC status.")] = None,
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
    ) -> ApiResponse[SubMerchantListEnvelope]:
        """List sub-merchants

        Sub-merchants of the merchant, newest first.

        :param cursor: Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).
        :type cursor: str
        :param limit: Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).
        :type limit: int
        :param kyc_status: Only sub-merchants with this KYC status.
        :type kyc_status: KycStatus
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

        _param = self._list_sub_merchants_serialize(
            cursor=cursor,
            limit=limit,
            kyc_status=kyc_status,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "SubMerchantListEnvelope",
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
    def list_sub_merchants_without_preload_content(
        self,
        cursor: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=1024)]], Field(description="Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).")] = None,
        limit: Annotated[Optional[StrictInt], Field(description="Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).")] = None,
        kyc_status: Annotated[Optional[KycStatus], Field(description="Only sub-merchants with this KYC status.")] = None,
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
        """List sub-merchants

        Sub-merchants of the merchant, newest first.

        :param cursor: Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).
        :type cursor: str
        :param limit: Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).
        :type limit: int
        :param kyc_status: Only sub-merchants with this KYC status.
        :type kyc_status: KycStatus
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

        _param = self._list_sub_merchants_serialize(
            cursor=cursor,
            limit=limit,
            kyc_status=kyc_status,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "SubMerchantListEnvelope",
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


    def _list_sub_merchants_serialize(
        self,
        cursor,
        limit,
        kyc_status,
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
            
        if kyc_status is not None:
            
            _query_params.append(('kyc_status', kyc_status.value))
            
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
            resource_path='/sub-merchants',
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
    def reactivate_sub_merchant(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        idempotency_key: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=255)]], Field(description="Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. ")] = None,
        sub_merchant_status_change: Optional[SubMerchantStatusChange] = None,
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
    ) -> SubMerchantEnvelope:
        """Reactivate a suspended sub-merchant

        Sets `status` back to `active`. Reactivating an active sub-merchant changes nothing and returns it (200). Its KYC status is unchanged: a sub-merchant whose KYC is not `verified` still cannot be paid out. Needs a write-capable key scope (`full` or `write`). 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param idempotency_key: Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. 
        :type idempotency_key: str
        :param sub_merchant_status_change:
        :type sub_merchant_status_change: SubMerchantStatusChange
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

        _param = self._reactivate_sub_merchant_serialize(
            id=id,
            idempotency_key=idempotency_key,
            sub_merchant_status_change=sub_merchant_status_change,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "SubMerchantEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
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
    def reactivate_sub_merchant_with_http_info(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        idempotency_key: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=255)]], Field(description="Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. ")] = None,
        sub_merchant_status_change: Optional[SubMerchantStatusChange] = None,
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
    ) -> ApiResponse[SubMerchantEnvelope]:
        """Reactivate a suspended sub-merchant

        Sets `status` back to `active`. Reactivating an active sub-merchant changes nothing and returns it (200). Its KYC status is unchanged: a sub-merchant whose KYC is not `verified` still cannot be paid out. Needs a write-capable key scope (`full` or `write`). 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param idempotency_key: Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. 
        :type idempotency_key: str
        :param sub_merchant_status_change:
        :type sub_merchant_status_change: SubMerchantStatusChange
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

        _param = self._reactivate_sub_merchant_serialize(
            id=id,
            idempotency_key=idempotency_key,
            sub_merchant_status_change=sub_merchant_status_change,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "SubMerchantEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
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
    def reactivate_sub_merchant_without_preload_content(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        idempotency_key: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=255)]], Field(description="Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. ")] = None,
        sub_merchant_status_change: Optional[SubMerchantStatusChange] = None,
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
        """Reactivate a suspended sub-merchant

        Sets `status` back to `active`. Reactivating an active sub-merchant changes nothing and returns it (200). Its KYC status is unchanged: a sub-merchant whose KYC is not `verified` still cannot be paid out. Needs a write-capable key scope (`full` or `write`). 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param idempotency_key: Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. 
        :type idempotency_key: str
        :param sub_merchant_status_change:
        :type sub_merchant_status_change: SubMerchantStatusChange
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

        _param = self._reactivate_sub_merchant_serialize(
            id=id,
            idempotency_key=idempotency_key,
            sub_merchant_status_change=sub_merchant_status_change,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "SubMerchantEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _reactivate_sub_merchant_serialize(
        self,
        id,
        idempotency_key,
        sub_merchant_status_change,
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
        # process the header parameters
        if idempotency_key is not None:
            _header_params['Idempotency-Key'] = idempotency_key
        # process the form parameters
        # process the body parameter
        if sub_merchant_status_change is not None:
            _body_params = sub_merchant_status_change


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )

        # set the HTTP header `Content-Type`
        if _content_type:
            _header_params['Content-Type'] = _content_type
        else:
            _default_content_type = (
                self.api_client.select_header_content_type(
                    [
                        'application/json'
                    ]
                )
            )
            if _default_content_type is not None:
                _header_params['Content-Type'] = _default_content_type

        # authentication setting
        _auth_settings: List[str] = [
            'ServiceSignatureVersion', 
            'ServiceTimestamp', 
            'ServiceSignature', 
            'ServiceKey'
        ]

        return self.api_client.param_serialize(
            method='POST',
            resource_path='/sub-merchants/{id}/reactivate',
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
    def suspend_sub_merchant(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        idempotency_key: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=255)]], Field(description="Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. ")] = None,
        sub_merchant_status_change: Optional[SubMerchantStatusChange] = None,
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
    ) -> SubMerchantEnvelope:
        """Suspend a sub-merchant

        Sets `status` to `suspended`: collections naming it (direct and hosted checkout pay) and payouts from its wallets are refused with 403 `COMPLIANCE_HOLD` until it is reactivated. Reads, its wallets' balances and money already held are unaffected. Suspending a suspended sub-merchant changes nothing and returns it (200). The optional `reason` is kept in the sub-merchant's status history. Needs a write-capable key scope (`full` or `write`). 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param idempotency_key: Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. 
        :type idempotency_key: str
        :param sub_merchant_status_change:
        :type sub_merchant_status_change: SubMerchantStatusChange
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

        _param = self._suspend_sub_merchant_serialize(
            id=id,
            idempotency_key=idempotency_key,
            sub_merchant_status_change=sub_merchant_status_change,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "SubMerchantEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
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
    def suspend_sub_merchant_with_http_info(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        idempotency_key: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=255)]], Field(description="Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. ")] = None,
        sub_merchant_status_change: Optional[SubMerchantStatusChange] = None,
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
    ) -> ApiResponse[SubMerchantEnvelope]:
        """Suspend a sub-merchant

        Sets `status` to `suspended`: collections naming it (direct and hosted checkout pay) and payouts from its wallets are refused with 403 `COMPLIANCE_HOLD` until it is reactivated. Reads, its wallets' balances and money already held are unaffected. Suspending a suspended sub-merchant changes nothing and returns it (200). The optional `reason` is kept in the sub-merchant's status history. Needs a write-capable key scope (`full` or `write`). 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param idempotency_key: Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. 
        :type idempotency_key: str
        :param sub_merchant_status_change:
        :type sub_merchant_status_change: SubMerchantStatusChange
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

        _param = self._suspend_sub_merchant_serialize(
            id=id,
            idempotency_key=idempotency_key,
            sub_merchant_status_change=sub_merchant_status_change,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "SubMerchantEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
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
    def suspend_sub_merchant_without_preload_content(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        idempotency_key: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=255)]], Field(description="Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. ")] = None,
        sub_merchant_status_change: Optional[SubMerchantStatusChange] = None,
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
        """Suspend a sub-merchant

        Sets `status` to `suspended`: collections naming it (direct and hosted checkout pay) and payouts from its wallets are refused with 403 `COMPLIANCE_HOLD` until it is reactivated. Reads, its wallets' balances and money already held are unaffected. Suspending a suspended sub-merchant changes nothing and returns it (200). The optional `reason` is kept in the sub-merchant's status history. Needs a write-capable key scope (`full` or `write`). 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param idempotency_key: Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. 
        :type idempotency_key: str
        :param sub_merchant_status_change:
        :type sub_merchant_status_change: SubMerchantStatusChange
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

        _param = self._suspend_sub_merchant_serialize(
            id=id,
            idempotency_key=idempotency_key,
            sub_merchant_status_change=sub_merchant_status_change,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "SubMerchantEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _suspend_sub_merchant_serialize(
        self,
        id,
        idempotency_key,
        sub_merchant_status_change,
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
        # process the header parameters
        if idempotency_key is not None:
            _header_params['Idempotency-Key'] = idempotency_key
        # process the form parameters
        # process the body parameter
        if sub_merchant_status_change is not None:
            _body_params = sub_merchant_status_change


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )

        # set the HTTP header `Content-Type`
        if _content_type:
            _header_params['Content-Type'] = _content_type
        else:
            _default_content_type = (
                self.api_client.select_header_content_type(
                    [
                        'application/json'
                    ]
                )
            )
            if _default_content_type is not None:
                _header_params['Content-Type'] = _default_content_type

        # authentication setting
        _auth_settings: List[str] = [
            'ServiceSignatureVersion', 
            'ServiceTimestamp', 
            'ServiceSignature', 
            'ServiceKey'
        ]

        return self.api_client.param_serialize(
            method='POST',
            resource_path='/sub-merchants/{id}/suspend',
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


