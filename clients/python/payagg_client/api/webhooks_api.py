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
from payagg_client.models.empty_envelope import EmptyEnvelope
from payagg_client.models.event_envelope import EventEnvelope
from payagg_client.models.event_list_envelope import EventListEnvelope
from payagg_client.models.webhook_delivery_envelope import WebhookDeliveryEnvelope
from payagg_client.models.webhook_delivery_list_envelope import WebhookDeliveryListEnvelope
from payagg_client.models.webhook_delivery_status import WebhookDeliveryStatus
from payagg_client.models.webhook_endpoint_create import WebhookEndpointCreate
from payagg_client.models.webhook_endpoint_created_envelope import WebhookEndpointCreatedEnvelope
from payagg_client.models.webhook_endpoint_envelope import WebhookEndpointEnvelope
from payagg_client.models.webhook_endpoint_list_envelope import WebhookEndpointListEnvelope
from payagg_client.models.webhook_event_type import WebhookEventType

from payagg_client.api_client import ApiClient, RequestSerialized
from payagg_client.api_response import ApiResponse
from payagg_client.rest import RESTResponseType


class WebhooksApi:
    """NOTE: This class is auto generated by OpenAPI Generator
    Ref: https://openapi-generator.tech

    Do not edit the class manually.
    """

    def __init__(self, api_client=None) -> None:
        if api_client is None:
            api_client = ApiClient.get_default()
        self.api_client = api_client


    @validate_call
    def create_webhook_endpoint(
        self,
        webhook_endpoint_create: WebhookEndpointCreate,
        idempotency_key: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=255)]], Field(description="Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. ")] = None,
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
    ) -> WebhookEndpointCreatedEnvelope:
        """Register a webhook endpoint

        Registers an endpoint for the given event types. The URL must be publicly resolvable: an IP address, or a name resolving to one, that is loopback, private (10/8, 172.16/12, 192.168/16), link-local or cloud metadata (169.254/16), CGNAT (100.64/10), unspecified, multicast, broadcast, reserved or documentation, IPv6 unique-local or link-local, or an IPv4-mapped (or otherwise IPv4-embedding) IPv6 form of any of these, is rejected with 422 naming `url`, as are `localhost`, credentials in the URL and, in production, `http`. A name that does not resolve yet is accepted (it can reach nothing; every delivery checks the address it actually connects to). The response carries `signing_secret`, returned only here. A merchant has at most 100 endpoints (deleted ones do not count; disabled ones do): the 101st is 409 `WEBHOOK_ENDPOINT_LIMIT_REACHED` with `details.limit`, so `GET /webhooks` always lists them all on one page. 

        :param webhook_endpoint_create: (required)
        :type webhook_endpoint_create: WebhookEndpointCreate
        :param idempotency_key: Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. 
        :type idempotency_key: str
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

        _param = self._create_webhook_endpoint_serialize(
            webhook_endpoint_create=webhook_endpoint_create,
            idempotency_key=idempotency_key,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookEndpointCreatedEnvelope",
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
    def create_webhook_endpoint_with_http_info(
        self,
        webhook_endpoint_create: WebhookEndpointCreate,
        idempotency_key: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=255)]], Field(description="Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. ")] = None,
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
    ) -> ApiResponse[WebhookEndpointCreatedEnvelope]:
        """Register a webhook endpoint

        Registers an endpoint for the given event types. The URL must be publicly resolvable: an IP address, or a name resolving to one, that is loopback, private (10/8, 172.16/12, 192.168/16), link-local or cloud metadata (169.254/16), CGNAT (100.64/10), unspecified, multicast, broadcast, reserved or documentation, IPv6 unique-local or link-local, or an IPv4-mapped (or otherwise IPv4-embedding) IPv6 form of any of these, is rejected with 422 naming `url`, as are `localhost`, credentials in the URL and, in production, `http`. A name that does not resolve yet is accepted (it can reach nothing; every delivery checks the address it actually connects to). The response carries `signing_secret`, returned only here. A merchant has at most 100 endpoints (deleted ones do not count; disabled ones do): the 101st is 409 `WEBHOOK_ENDPOINT_LIMIT_REACHED` with `details.limit`, so `GET /webhooks` always lists them all on one page. 

        :param webhook_endpoint_create: (required)
        :type webhook_endpoint_create: WebhookEndpointCreate
        :param idempotency_key: Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. 
        :type idempotency_key: str
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

        _param = self._create_webhook_endpoint_serialize(
            webhook_endpoint_create=webhook_endpoint_create,
            idempotency_key=idempotency_key,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookEndpointCreatedEnvelope",
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
    def create_webhook_endpoint_without_preload_content(
        self,
        webhook_endpoint_create: WebhookEndpointCreate,
        idempotency_key: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=255)]], Field(description="Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. ")] = None,
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
        """Register a webhook endpoint

        Registers an endpoint for the given event types. The URL must be publicly resolvable: an IP address, or a name resolving to one, that is loopback, private (10/8, 172.16/12, 192.168/16), link-local or cloud metadata (169.254/16), CGNAT (100.64/10), unspecified, multicast, broadcast, reserved or documentation, IPv6 unique-local or link-local, or an IPv4-mapped (or otherwise IPv4-embedding) IPv6 form of any of these, is rejected with 422 naming `url`, as are `localhost`, credentials in the URL and, in production, `http`. A name that does not resolve yet is accepted (it can reach nothing; every delivery checks the address it actually connects to). The response carries `signing_secret`, returned only here. A merchant has at most 100 endpoints (deleted ones do not count; disabled ones do): the 101st is 409 `WEBHOOK_ENDPOINT_LIMIT_REACHED` with `details.limit`, so `GET /webhooks` always lists them all on one page. 

        :param webhook_endpoint_create: (required)
        :type webhook_endpoint_create: WebhookEndpointCreate
        :param idempotency_key: Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. 
        :type idempotency_key: str
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

        _param = self._create_webhook_endpoint_serialize(
            webhook_endpoint_create=webhook_endpoint_create,
            idempotency_key=idempotency_key,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookEndpointCreatedEnvelope",
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


    def _create_webhook_endpoint_serialize(
        self,
        webhook_endpoint_create,
        idempotency_key,
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
        if webhook_endpoint_create is not None:
            _body_params = webhook_endpoint_create


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
            resource_path='/webhooks',
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
    def delete_webhook_endpoint(
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
    ) -> EmptyEnvelope:
        """Delete a webhook endpoint

        Soft delete; the endpoint stops receiving deliveries (its pending ones are not attempted) and no longer appears in the list. Deleting an already deleted endpoint is 404.

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

        _param = self._delete_webhook_endpoint_serialize(
            id=id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "EmptyEnvelope",
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
    def delete_webhook_endpoint_with_http_info(
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
    ) -> ApiResponse[EmptyEnvelope]:
        """Delete a webhook endpoint

        Soft delete; the endpoint stops receiving deliveries (its pending ones are not attempted) and no longer appears in the list. Deleting an already deleted endpoint is 404.

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

        _param = self._delete_webhook_endpoint_serialize(
            id=id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "EmptyEnvelope",
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
    def delete_webhook_endpoint_without_preload_content(
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
        """Delete a webhook endpoint

        Soft delete; the endpoint stops receiving deliveries (its pending ones are not attempted) and no longer appears in the list. Deleting an already deleted endpoint is 404.

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

        _param = self._delete_webhook_endpoint_serialize(
            id=id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "EmptyEnvelope",
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


    def _delete_webhook_endpoint_serialize(
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
            method='DELETE',
            resource_path='/webhooks/{id}',
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
    def enable_webhook_endpoint(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        idempotency_key: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=255)]], Field(description="Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. ")] = None,
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
    ) -> WebhookEndpointEnvelope:
        """Re-enable a disabled endpoint

        An endpoint whose every attempt failed for 5 days (`webhook_disable_after_failing_s = 432000`) is disabled: `active: false` with a `disabled_reason`, and it receives no new deliveries. This call makes it active again; its deliveries still pending are attempted at once, and events it missed can be read with `GET /events`. Enabling an active endpoint changes nothing. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param idempotency_key: Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. 
        :type idempotency_key: str
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

        _param = self._enable_webhook_endpoint_serialize(
            id=id,
            idempotency_key=idempotency_key,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookEndpointEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
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
    def enable_webhook_endpoint_with_http_info(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        idempotency_key: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=255)]], Field(description="Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. ")] = None,
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
    ) -> ApiResponse[WebhookEndpointEnvelope]:
        """Re-enable a disabled endpoint

        An endpoint whose every attempt failed for 5 days (`webhook_disable_after_failing_s = 432000`) is disabled: `active: false` with a `disabled_reason`, and it receives no new deliveries. This call makes it active again; its deliveries still pending are attempted at once, and events it missed can be read with `GET /events`. Enabling an active endpoint changes nothing. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param idempotency_key: Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. 
        :type idempotency_key: str
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

        _param = self._enable_webhook_endpoint_serialize(
            id=id,
            idempotency_key=idempotency_key,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookEndpointEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
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
    def enable_webhook_endpoint_without_preload_content(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        idempotency_key: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=255)]], Field(description="Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. ")] = None,
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
        """Re-enable a disabled endpoint

        An endpoint whose every attempt failed for 5 days (`webhook_disable_after_failing_s = 432000`) is disabled: `active: false` with a `disabled_reason`, and it receives no new deliveries. This call makes it active again; its deliveries still pending are attempted at once, and events it missed can be read with `GET /events`. Enabling an active endpoint changes nothing. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param idempotency_key: Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. 
        :type idempotency_key: str
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

        _param = self._enable_webhook_endpoint_serialize(
            id=id,
            idempotency_key=idempotency_key,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookEndpointEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _enable_webhook_endpoint_serialize(
        self,
        id,
        idempotency_key,
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
            method='POST',
            resource_path='/webhooks/{id}/enable',
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
    def get_event(
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
    ) -> EventEnvelope:
        """Get an event


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

        _param = self._get_event_serialize(
            id=id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "EventEnvelope",
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
    def get_event_with_http_info(
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
    ) -> ApiResponse[EventEnvelope]:
        """Get an event


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

        _param = self._get_event_serialize(
            id=id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "EventEnvelope",
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
    def get_event_without_preload_content(
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
        """Get an event


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

        _param = self._get_event_serialize(
            id=id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "EventEnvelope",
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


    def _get_event_serialize(
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
            resource_path='/events/{id}',
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
    def get_webhook_endpoint(
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
    ) -> WebhookEndpointEnvelope:
        """Get a webhook endpoint

        One endpoint (never its secret), disabled ones included; a deleted one is 404.

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

        _param = self._get_webhook_endpoint_serialize(
            id=id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookEndpointEnvelope",
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
    def get_webhook_endpoint_with_http_info(
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
    ) -> ApiResponse[WebhookEndpointEnvelope]:
        """Get a webhook endpoint

        One endpoint (never its secret), disabled ones included; a deleted one is 404.

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

        _param = self._get_webhook_endpoint_serialize(
            id=id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookEndpointEnvelope",
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
    def get_webhook_endpoint_without_preload_content(
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
        """Get a webhook endpoint

        One endpoint (never its secret), disabled ones included; a deleted one is 404.

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

        _param = self._get_webhook_endpoint_serialize(
            id=id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookEndpointEnvelope",
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


    def _get_webhook_endpoint_serialize(
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
            resource_path='/webhooks/{id}',
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
    def list_events(
        self,
        cursor: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=1024)]], Field(description="Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).")] = None,
        limit: Annotated[Optional[StrictInt], Field(description="Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).")] = None,
        type: Annotated[Optional[WebhookEventType], Field(description="Only events of this type.")] = None,
        resource_id: Annotated[Optional[UUID], Field(description="Only events of this resource (a transaction, payout, dispute or sub-merchant id); with it, the page is that resource's history.")] = None,
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
    ) -> EventListEnvelope:
        """List events

        The events of the merchant, newest first, exactly as webhooks carry them (same `id`, `type`, `created_at` and `data`): a receiver that missed deliveries (an outage, a disabled endpoint) catches up here and deduplicates on `id`. Kept as long as the outbox. 

        :param cursor: Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).
        :type cursor: str
        :param limit: Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).
        :type limit: int
        :param type: Only events of this type.
        :type type: WebhookEventType
        :param resource_id: Only events of this resource (a transaction, payout, dispute or sub-merchant id); with it, the page is that resource's history.
        :type resource_id: UUID
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

        _param = self._list_events_serialize(
            cursor=cursor,
            limit=limit,
            type=type,
            resource_id=resource_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "EventListEnvelope",
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
    def list_events_with_http_info(
        self,
        cursor: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=1024)]], Field(description="Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).")] = None,
        limit: Annotated[Optional[StrictInt], Field(description="Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).")] = None,
        type: Annotated[Optional[WebhookEventType], Field(description="Only events of this type.")] = None,
        resource_id: Annotated[Optional[UUID], Field(description="Only events of this resource (a transaction, payout, dispute or sub-merchant id); with it, the page is that resource's history.")] = None,
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
    ) -> ApiResponse[EventListEnvelope]:
        """List events

        The events of the merchant, newest first, exactly as webhooks carry them (same `id`, `type`, `created_at` and `data`): a receiver that missed deliveries (an outage, a disabled endpoint) catches up here and deduplicates on `id`. Kept as long as the outbox. 

        :param cursor: Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).
        :type cursor: str
        :param limit: Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).
        :type limit: int
        :param type: Only events of this type.
        :type type: WebhookEventType
        :param resource_id: Only events of this resource (a transaction, payout, dispute or sub-merchant id); with it, the page is that resource's history.
        :type resource_id: UUID
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

        _param = self._list_events_serialize(
            cursor=cursor,
            limit=limit,
            type=type,
            resource_id=resource_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "EventListEnvelope",
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
    def list_events_without_preload_content(
        self,
        cursor: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=1024)]], Field(description="Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).")] = None,
        limit: Annotated[Optional[StrictInt], Field(description="Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).")] = None,
        type: Annotated[Optional[WebhookEventType], Field(description="Only events of this type.")] = None,
        resource_id: Annotated[Optional[UUID], Field(description="Only events of this resource (a transaction, payout, dispute or sub-merchant id); with it, the page is that resource's history.")] = None,
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
        """List events

        The events of the merchant, newest first, exactly as webhooks carry them (same `id`, `type`, `created_at` and `data`): a receiver that missed deliveries (an outage, a disabled endpoint) catches up here and deduplicates on `id`. Kept as long as the outbox. 

        :param cursor: Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).
        :type cursor: str
        :param limit: Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).
        :type limit: int
        :param type: Only events of this type.
        :type type: WebhookEventType
        :param resource_id: Only events of this resource (a transaction, payout, dispute or sub-merchant id); with it, the page is that resource's history.
        :type resource_id: UUID
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

        _param = self._list_events_serialize(
            cursor=cursor,
            limit=limit,
            type=type,
            resource_id=resource_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "EventListEnvelope",
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


    def _list_events_serialize(
        self,
        cursor,
        limit,
        type,
        resource_id,
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
            
        if type is not None:
            
            _query_params.append(('type', type.value))
            
        if resource_id is not None:
            
            _query_params.append(('resource_id', resource_id))
            
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
            resource_path='/events',
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
    def list_webhook_deliveries(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        cursor: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=1024)]], Field(description="Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).")] = None,
        limit: Annotated[Optional[StrictInt], Field(description="Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).")] = None,
        status: Annotated[Optional[WebhookDeliveryStatus], Field(description="Only deliveries with this status.")] = None,
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
    ) -> WebhookDeliveryListEnvelope:
        """List an endpoint's deliveries

        The delivery history of one endpoint, newest first: one delivery per event sent to it, with its status and its latest attempt. `pending`: not attempted yet (or a manual retry waits); `failed`: the last attempt failed and another is scheduled at `next_attempt_at`; `succeeded`: a 2xx came back; `exhausted`: 6 attempts failed, the delivery is in the dead-letter store and is not retried unless asked (`POST .../retry`). 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param cursor: Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).
        :type cursor: str
        :param limit: Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).
        :type limit: int
        :param status: Only deliveries with this status.
        :type status: WebhookDeliveryStatus
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

        _param = self._list_webhook_deliveries_serialize(
            id=id,
            cursor=cursor,
            limit=limit,
            status=status,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookDeliveryListEnvelope",
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
    def list_webhook_deliveries_with_http_info(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        cursor: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=1024)]], Field(description="Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).")] = None,
        limit: Annotated[Optional[StrictInt], Field(description="Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).")] = None,
        status: Annotated[Optional[WebhookDeliveryStatus], Field(description="Only deliveries with this status.")] = None,
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
    ) -> ApiResponse[WebhookDeliveryListEnvelope]:
        """List an endpoint's deliveries

        The delivery history of one endpoint, newest first: one delivery per event sent to it, with its status and its latest attempt. `pending`: not attempted yet (or a manual retry waits); `failed`: the last attempt failed and another is scheduled at `next_attempt_at`; `succeeded`: a 2xx came back; `exhausted`: 6 attempts failed, the delivery is in the dead-letter store and is not retried unless asked (`POST .../retry`). 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param cursor: Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).
        :type cursor: str
        :param limit: Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).
        :type limit: int
        :param status: Only deliveries with this status.
        :type status: WebhookDeliveryStatus
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

        _param = self._list_webhook_deliveries_serialize(
            id=id,
            cursor=cursor,
            limit=limit,
            status=status,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookDeliveryListEnvelope",
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
    def list_webhook_deliveries_without_preload_content(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        cursor: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=1024)]], Field(description="Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).")] = None,
        limit: Annotated[Optional[StrictInt], Field(description="Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).")] = None,
        status: Annotated[Optional[WebhookDeliveryStatus], Field(description="Only deliveries with this status.")] = None,
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
        """List an endpoint's deliveries

        The delivery history of one endpoint, newest first: one delivery per event sent to it, with its status and its latest attempt. `pending`: not attempted yet (or a manual retry waits); `failed`: the last attempt failed and another is scheduled at `next_attempt_at`; `succeeded`: a 2xx came back; `exhausted`: 6 attempts failed, the delivery is in the dead-letter store and is not retried unless asked (`POST .../retry`). 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param cursor: Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`).
        :type cursor: str
        :param limit: Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum).
        :type limit: int
        :param status: Only deliveries with this status.
        :type status: WebhookDeliveryStatus
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

        _param = self._list_webhook_deliveries_serialize(
            id=id,
            cursor=cursor,
            limit=limit,
            status=status,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookDeliveryListEnvelope",
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


    def _list_webhook_deliveries_serialize(
        self,
        id,
        cursor,
        limit,
        status,
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
            
        if status is not None:
            
            _query_params.append(('status', status.value))
            
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
            resource_path='/webhooks/{id}/deliveries',
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
    def list_webhook_endpoints(
        self,
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
    ) -> WebhookEndpointListEnvelope:
        """List webhook endpoints

        The endpoints of the merchant, oldest first; deleted ones are not listed, disabled ones are (with `active` false and a `disabled_reason`). Secrets are never returned.

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

        _param = self._list_webhook_endpoints_serialize(
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookEndpointListEnvelope",
            '401': "ErrorEnvelope",
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
    def list_webhook_endpoints_with_http_info(
        self,
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
    ) -> ApiResponse[WebhookEndpointListEnvelope]:
        """List webhook endpoints

        The endpoints of the merchant, oldest first; deleted ones are not listed, disabled ones are (with `active` false and a `disabled_reason`). Secrets are never returned.

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

        _param = self._list_webhook_endpoints_serialize(
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookEndpointListEnvelope",
            '401': "ErrorEnvelope",
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
    def list_webhook_endpoints_without_preload_content(
        self,
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
        """List webhook endpoints

        The endpoints of the merchant, oldest first; deleted ones are not listed, disabled ones are (with `active` false and a `disabled_reason`). Secrets are never returned.

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

        _param = self._list_webhook_endpoints_serialize(
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookEndpointListEnvelope",
            '401': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _list_webhook_endpoints_serialize(
        self,
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
            resource_path='/webhooks',
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
    def retry_webhook_delivery(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        delivery_id: Annotated[UUID, Field(description="Id of the delivery (UUID). A malformed id is 422.")],
        idempotency_key: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=255)]], Field(description="Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. ")] = None,
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
    ) -> WebhookDeliveryEnvelope:
        """Deliver again now

        Makes the delivery's next attempt due now, whatever its status (a `succeeded` one is sent again; an `exhausted` one is replayed from the dead-letter store). The delivery becomes `pending`; if that attempt fails, a delivery with attempts left follows the schedule from there, one with 6 or more attempts is `exhausted` again. The endpoint must be active (422 naming `id` when disabled: re-enable it first). 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param delivery_id: Id of the delivery (UUID). A malformed id is 422. (required)
        :type delivery_id: UUID
        :param idempotency_key: Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. 
        :type idempotency_key: str
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

        _param = self._retry_webhook_delivery_serialize(
            id=id,
            delivery_id=delivery_id,
            idempotency_key=idempotency_key,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookDeliveryEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
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
    def retry_webhook_delivery_with_http_info(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        delivery_id: Annotated[UUID, Field(description="Id of the delivery (UUID). A malformed id is 422.")],
        idempotency_key: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=255)]], Field(description="Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. ")] = None,
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
    ) -> ApiResponse[WebhookDeliveryEnvelope]:
        """Deliver again now

        Makes the delivery's next attempt due now, whatever its status (a `succeeded` one is sent again; an `exhausted` one is replayed from the dead-letter store). The delivery becomes `pending`; if that attempt fails, a delivery with attempts left follows the schedule from there, one with 6 or more attempts is `exhausted` again. The endpoint must be active (422 naming `id` when disabled: re-enable it first). 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param delivery_id: Id of the delivery (UUID). A malformed id is 422. (required)
        :type delivery_id: UUID
        :param idempotency_key: Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. 
        :type idempotency_key: str
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

        _param = self._retry_webhook_delivery_serialize(
            id=id,
            delivery_id=delivery_id,
            idempotency_key=idempotency_key,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookDeliveryEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
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
    def retry_webhook_delivery_without_preload_content(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        delivery_id: Annotated[UUID, Field(description="Id of the delivery (UUID). A malformed id is 422.")],
        idempotency_key: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=255)]], Field(description="Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. ")] = None,
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
        """Deliver again now

        Makes the delivery's next attempt due now, whatever its status (a `succeeded` one is sent again; an `exhausted` one is replayed from the dead-letter store). The delivery becomes `pending`; if that attempt fails, a delivery with attempts left follows the schedule from there, one with 6 or more attempts is `exhausted` again. The endpoint must be active (422 naming `id` when disabled: re-enable it first). 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param delivery_id: Id of the delivery (UUID). A malformed id is 422. (required)
        :type delivery_id: UUID
        :param idempotency_key: Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. 
        :type idempotency_key: str
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

        _param = self._retry_webhook_delivery_serialize(
            id=id,
            delivery_id=delivery_id,
            idempotency_key=idempotency_key,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookDeliveryEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _retry_webhook_delivery_serialize(
        self,
        id,
        delivery_id,
        idempotency_key,
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
        if delivery_id is not None:
            _path_params['delivery_id'] = delivery_id
        # process the query parameters
        # process the header parameters
        if idempotency_key is not None:
            _header_params['Idempotency-Key'] = idempotency_key
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
            method='POST',
            resource_path='/webhooks/{id}/deliveries/{delivery_id}/retry',
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
    def rotate_webhook_secret(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        idempotency_key: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=255)]], Field(description="Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. ")] = None,
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
    ) -> WebhookEndpointCreatedEnvelope:
        """Rotate an endpoint's signing secret

        Issues a new signing secret, returned only here. For an overlap of 24 hours (`webhook_secret_overlap_s = 86400`, ending at `previous_secret_expires_at`) every delivery carries two signatures in `X-Service-Signature`, comma-separated: the new secret's first, then the previous one's. A receiver that accepts either (the SDK verifiers do) can switch secrets at any moment of the overlap. Rotating again during an overlap drops the oldest secret. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param idempotency_key: Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. 
        :type idempotency_key: str
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

        _param = self._rotate_webhook_secret_serialize(
            id=id,
            idempotency_key=idempotency_key,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookEndpointCreatedEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
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
    def rotate_webhook_secret_with_http_info(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        idempotency_key: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=255)]], Field(description="Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. ")] = None,
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
    ) -> ApiResponse[WebhookEndpointCreatedEnvelope]:
        """Rotate an endpoint's signing secret

        Issues a new signing secret, returned only here. For an overlap of 24 hours (`webhook_secret_overlap_s = 86400`, ending at `previous_secret_expires_at`) every delivery carries two signatures in `X-Service-Signature`, comma-separated: the new secret's first, then the previous one's. A receiver that accepts either (the SDK verifiers do) can switch secrets at any moment of the overlap. Rotating again during an overlap drops the oldest secret. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param idempotency_key: Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. 
        :type idempotency_key: str
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

        _param = self._rotate_webhook_secret_serialize(
            id=id,
            idempotency_key=idempotency_key,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookEndpointCreatedEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
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
    def rotate_webhook_secret_without_preload_content(
        self,
        id: Annotated[UUID, Field(description="Id of the resource (UUID). A malformed id is 422.")],
        idempotency_key: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=255)]], Field(description="Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. ")] = None,
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
        """Rotate an endpoint's signing secret

        Issues a new signing secret, returned only here. For an overlap of 24 hours (`webhook_secret_overlap_s = 86400`, ending at `previous_secret_expires_at`) every delivery carries two signatures in `X-Service-Signature`, comma-separated: the new secret's first, then the previous one's. A receiver that accepts either (the SDK verifiers do) can switch secrets at any moment of the overlap. Rotating again during an overlap drops the oldest secret. 

        :param id: Id of the resource (UUID). A malformed id is 422. (required)
        :type id: UUID
        :param idempotency_key: Optional on state changes (decision 0422). Without it the change runs as before. With it, the first answer (200) is stored for 24 hours and a retry with the same key and payload answers it, whatever the resource has become since (so a client whose answer was lost may retry a release, return, cancel or resolve without getting its own change refused); the same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key. 
        :type idempotency_key: str
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

        _param = self._rotate_webhook_secret_serialize(
            id=id,
            idempotency_key=idempotency_key,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "WebhookEndpointCreatedEnvelope",
            '401': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '409': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '429': "ErrorEnvelope",
            '500': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _rotate_webhook_secret_serialize(
        self,
        id,
        idempotency_key,
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
            method='POST',
            resource_path='/webhooks/{id}/rotate-secret',
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


