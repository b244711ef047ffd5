"""
    PayAgg Merchant API

    Collections (direct and hosted checkout), refunds, transactions, sub-merchants, team roster, wallets, split rules, payouts, webhooks and FX.  ## Conventions  - **Money** is an integer in minor currency units (1500.00 is `150000`). Every amount is a   safe integer: at most 9007199254740991 (`Number.MAX_SAFE_INTEGER`). - **Currency** codes are 3 upper-case letters (ISO 4217); **country** codes are 2 upper-case   letters (ISO 3166-1 alpha-2). Timestamps are ISO 8601 date-time strings (UTC). Ids are UUIDs. - **Success status** is `200` for every operation, creates and idempotent replays included. - **Paths** are matched exactly as written here: another case (`/V1/users`, `/v1/Users`), a   trailing slash, an empty (`//`) or dot (`/./`, `/../`) segment, or a percent-escape in   the path is not a path of this API and is 404 `RESOURCE_NOT_FOUND`, answered before   authentication, as is a wrong method (405 `METHOD_NOT_ALLOWED` with `Allow`). - **Text** in JSON bodies is UTF-8. No string and no object key, at any depth, may contain   the NUL character (U+0000) or a lone UTF-16 surrogate (a `\\ud800`-`\\udfff` escape without   its pair): such a body, or one that is not valid UTF-8, is 422 `VALIDATION_ERROR` naming   the field (`body.metadata.a`). Any other text (emoji, right-to-left, combining marks) is   stored exactly as sent. Error messages never quote the body. - **Content-Encoding**: request bodies are sent unencoded; a body with any   `Content-Encoding` other than `identity` (gzip, deflate, br...) is 415   `UNSUPPORTED_MEDIA_TYPE`. - **Query values**: integers are decimal digits (`limit=0x10` or `limit=1e1` is 422);   date-times are RFC 3339 instants from `0001-01-01T00:00:00Z` to   `9999-12-31T23:59:59.999Z` without leap seconds (second 60); otherwise 422 naming the   parameter (`query.date_from`). - **Envelope**: every response, success or failure, is `{data, error, meta}` with exactly these   three keys. On success `error` is `null`; on failure `data` is `null`. `meta.request_id` is   always present and equals the `X-Request-Id` response header. Clients branch on the HTTP   status and `error.code`, never on `error.message`. - **Request bodies** are JSON (`Content-Type: application/json`), at most 1 MiB   (`request_body_size_max_bytes = 1048576`); unknown body fields are rejected with 422.   Malformed JSON is 422 `VALIDATION_ERROR` with `details.fields[0].field = \"body\"`. An   operation that takes no body (every GET and DELETE, and the POSTs without a `requestBody`)   refuses one the same way (422 on `body`, nothing done); an empty body (no bytes,   whitespace, or `{}`) is accepted as none.   Declared query parameters are validated (422 when invalid); an undeclared one is a 422   naming it (a misspelt filter never silently widens a list), except on `GET /users`, which   ignores them (decision 0130). - **Ids**: a path id that is not a UUID is 422; a resource of another merchant reads as 404.  ## Authentication (merchant endpoints)  Every merchant request carries `X-Service-Key` (the merchant API key), `X-Service-Timestamp` (Unix time in seconds, as a decimal string) and `X-Service-Signature`: lowercase hex HMAC-SHA256, keyed with the API secret of the key, over a signed string chosen by `X-Service-Signature-Version`:  | Version | `X-Service-Signature-Version` | Signed string | |---|---|---| | 2 (recommended) | `2` | `timestamp + \".\" + METHOD + \".\" + path_with_query + \".\" + idempotency_key + \".\" + raw_body` | | 1 (the original scheme) | absent, or `1` | `timestamp + \".\" + raw_body` |  `raw_body` is the exact bytes sent (the empty string for a request without a body); `METHOD` is the HTTP method in upper case; `path_with_query` is the request target exactly as sent, path and query string with their percent-encoding, starting at `/v1` (for example `/v1/transactions?limit=10`); `idempotency_key` is the `Idempotency-Key` header, or the empty string when the request has none. A GET of `/v1/users` signs `1700000000.GET./v1/users..`. Any other `X-Service-Signature-Version` value is 401 `AUTH_SIGNATURE_MISMATCH`.  **Why version 2.** Version 1 binds a signature to the timestamp and the body only, so for 300 seconds anyone who captured one request can replay it to another path (a refund signed for one collection works on any other), with another method, another query, or a fresh `Idempotency-Key` (which the server treats as a new operation: a second refund, a second collection); one GET signature works on every GET path. Version 2 signs the method, the request target and the idempotency key as well, so a captured request can only be replayed unchanged, and an unchanged replay of a create is answered from the idempotency record without a second effect. Version 1 stays accepted for clients built against it, unless the key requires version 2: an operator can issue a key that way or switch an existing key (running servers apply the switch within about a second), after which a version-1 signature is 401 `AUTH_SIGNATURE_MISMATCH`. The official SDKs sign with version 2.  A timestamp more than 300 seconds (`signature_tolerance_s = 300`) from the server clock is rejected, whichever the version. Missing, malformed, unknown, revoked, expired, IP-blocked or out-of-scope key: 401 `AUTH_INVALID_KEY`. Signature mismatch, timestamp outside the window, unknown version or a version the key does not accept: 401 `AUTH_SIGNATURE_MISMATCH`. Scopes: reads need a read-capable scope; writes (refunds included) need `full` or `write`; payouts need `payout_only` or `full`. Payout, batch and destination reads need any read-capable scope, `payout_only` included; creating or cancelling them needs `payout_only` or `full`.  The two payer-facing checkout operations (`GET /checkout-sessions/{id}`, `POST /checkout-sessions/{id}/pay`) are authorised by the session's `client_token` instead, given in exactly one of the `X-Checkout-Token` header or the `client_token` query parameter.  ## Idempotency  `Idempotency-Key` (1 to 255 characters; a UUID v4 is suggested) is required on exactly seven operations: `POST /collections`, `POST /collections/{id}/refunds`, `POST /checkout-sessions`, `POST /checkout-sessions/{id}/pay`, `POST /sub-merchants`, `POST /payouts`, `POST /payouts/bulk`. The same key with an identical payload (canonical key-sorted SHA-256 of the body) returns the stored original result with status 200 and repeats no effect; the same key with a different payload is 409 `IDEMPOTENCY_CONFLICT`. Keys are scoped to the merchant and retained for 24 hours (`idempotency_key_retention_s = 86400`). A request that arrives while another with the same key is still running waits for it, at most 15 seconds (`idempotency_wait_max_s = 15`), then answers its stored result, or 409 `IDEMPOTENCY_CONFLICT` if it is still running. A request that stopped midway (a timeout, a lost connection) holds its key for 30 seconds (`idempotency_lock_s = 30`); a retry with the same key after that completes it with the same resource id instead of repeating its effect. The two 409s differ in `error.details.reason`: `payload_mismatch` (do not retry) or `in_progress` (the only one with `Retry-After`: retry with the same key). A replay answers the stored result whatever time has passed or state has changed since. Split-rule creation and the state changes (suspend, reactivate, deactivate, escrow release and return, delivery confirmation, payout cancel, the sandbox dispute helpers) take an optional `Idempotency-Key` with the same contract.  ## Pagination  Cursor pagination only. `limit` is 1 to 100, default 50; out-of-range values are clamped, not rejected. `cursor` is the opaque `meta.next_cursor` of the previous page, passed back unchanged; a cursor that was altered is 422. `meta.next_cursor = null` means no more pages. Lists are ordered newest first.  ## Rate limiting  Per API key, fixed windows: 200 requests per 2-second window (`RATE_LIMIT_BURST = 200` requests per `RATE_LIMIT_BURST / RATE_LIMIT_PER_SECOND` seconds, the defaults of a deployment; 100 per second on average). A key's window starts at its first request after the last one ended; the budget is shared by every API process, so it holds however many serve the key. Across a window's edge a client can spend up to two windows' budgets back to back. Over the limit: 429 `RATE_LIMITED` with `Retry-After` (integer seconds, until the window ends). `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` on each response say the window's size, what is left of it, and when it ends. Refused authentications are limited too, apart from valid traffic: once the failures charged to a key (or, for requests that name no known key, to the caller's address) exceed their budget, further failures are answered 429 instead of 401, while correctly signed requests of that key and of every other key go on being served. Failure budgets are the same size, counted the same way and shared by every API process too. 

    The version of the OpenAPI document: 1.0.0
    Contact: api-support@payagg.example
    Generated by OpenAPI Generator (https://openapi-generator.tech)

    Do not edit the class manually.
"""  # noqa: E501



import datetime
from dateutil.parser import parse
from enum import Enum
import decimal
import json
import mimetypes
import os
import re
import tempfile
import uuid

from urllib.parse import quote
from typing import Tuple, Optional, List, Dict, Union
from pydantic import SecretStr

from payagg_client.configuration import Configuration
from payagg_client.api_response import ApiResponse, T as ApiResponseT
import payagg_client.models
from payagg_client import rest
from payagg_client.exceptions import (
    ApiValueError,
    ApiException,
    BadRequestException,
    UnauthorizedException,
    ForbiddenException,
    NotFoundException,
    ServiceException
)

RequestSerialized = Tuple[str, str, Dict[str, str], Optional[str], List[str]]

class ApiClient:
    """Generic API client for OpenAPI client library builds.

    OpenAPI generic API client. This client handles the client-
    server communication, and is invariant across implementations. Specifics of
    the methods and models for each application are generated from the OpenAPI
    templates.

    :param configuration: .Configuration object for this client
    :param header_name: a header to pass when making calls to the API.
    :param header_value: a header value to pass when making calls to
        the API.
    :param cookie: a cookie to include in the header when making calls
        to the API
    """

    PRIMITIVE_TYPES = (float, bool, bytes, str, int)
    NATIVE_TYPES_MAPPING = {
        'int': int,
        'long': int, # TODO remove as only py3 is supported?
        'float': float,
        'str': str,
        'bool': bool,
        'date': datetime.date,
        'datetime': datetime.datetime,
        'decimal': decimal.Decimal,
        'UUID': uuid.UUID,
        'object': object,
    }
    _pool = None

    def __init__(
        self,
        configuration=None,
        header_name=None,
        header_value=None,
        cookie=None
    ) -> None:
        # use default configuration if none is provided
        if configuration is None:
            configuration = Configuration.get_default()
        self.configuration = configuration

        self.rest_client = rest.RESTClientObject(configuration)
        self.default_headers = {}
        if header_name is not None:
            self.default_headers[header_name] = header_value
        self.cookie = cookie
        # Set default User-Agent.
        self.user_agent = 'OpenAPI-Generator/1.0.0/python'
        self.client_side_validation = configuration.client_side_validation

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        pass

    @property
    def user_agent(self):
        """User agent for this API client"""
        return self.default_headers['User-Agent']

    @user_agent.setter
    def user_agent(self, value):
        self.default_headers['User-Agent'] = value

    def set_default_header(self, header_name, header_value):
        self.default_headers[header_name] = header_value


    _default = None

    @classmethod
    def get_default(cls):
        """Return new instance of ApiClient.

        This method returns newly created, based on default constructor,
        object of ApiClient class or returns a copy of default
        ApiClient.

        :return: The ApiClient object.
        """
        if cls._default is None:
            cls._default = ApiClient()
        return cls._default

    @classmethod
    def set_default(cls, default):
        """Set default instance of ApiClient.

        It stores default ApiClient.

        :param default: object of ApiClient.
        """
        cls._default = default

    def param_serialize(
        self,
        method,
        resource_path,
        path_params=None,
        query_params=None,
        header_params=None,
        body=None,
        post_params=None,
        files=None, auth_settings=None,
        collection_formats=None,
        _host=None,
        _request_auth=None
    ) -> RequestSerialized:

        """Builds the HTTP request params needed by the request.
        :param method: Method to call.
        :param resource_path: Path to method endpoint.
        :param path_params: Path parameters in the url.
        :param query_params: Query parameters in the url.
        :param header_params: Header parameters to be
            placed in the request header.
        :param body: Request body.
        :param post_params dict: Request post form parameters,
            for `application/x-www-form-urlencoded`, `multipart/form-data`.
        :param auth_settings list: Auth Settings names for the request.
        :param files dict: key -> filename, value -> filepath,
            for `multipart/form-data`.
        :param collection_formats: dict of collection formats for path, query,
            header, and post parameters.
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the authentication
                              in the spec for a single request.
        :return: tuple of form (path, http_method, query_params, header_params,
            body, post_params, files)
        """

        config = self.configuration

        # header parameters
        header_params = header_params or {}
        header_params.update(self.default_headers)
        if self.cookie:
            header_params['Cookie'] = self.cookie
        if header_params:
            header_params = self.sanitize_for_serialization(header_params)
            header_params = dict(
                self.parameters_to_tuples(header_params,collection_formats)
            )

        # path parameters
        if path_params:
            path_params = self.sanitize_for_serialization(path_params)
            path_params = self.parameters_to_tuples(
                path_params,
                collection_formats
            )
            for k, v in path_params:
                # specified safe chars, encode everything
                resource_path = resource_path.replace(
                    '{%s}' % k,
                    quote(str(v), safe=config.safe_chars_for_path_param)
                )

        # post parameters
        if post_params or files:
            post_params = post_params if post_params else []
            post_params = self.sanitize_for_serialization(post_params)
            post_params = self.parameters_to_tuples(
                post_params,
                collection_formats
            )
            if files:
                post_params.extend(self.files_parameters(files))

        # auth setting
        self.update_params_for_auth(
            header_params,
            query_params,
            auth_settings,
            resource_path,
            method,
            body,
            request_auth=_request_auth
        )

        # body
        if body:
            body = self.sanitize_for_serialization(body)

        # request url
        if _host is None or self.configuration.ignore_operation_servers:
            url = self.configuration.host + resource_path
        else:
            # use server/host defined in path or operation instead
            url = _host + resource_path

        # query parameters
        if query_params:
            query_params = self.sanitize_for_serialization(query_params)
            url_query = self.parameters_to_url_query(
                query_params,
                collection_formats
            )
            url += "?" + url_query

        return method, url, header_params, body, post_params

    def call_api(
        self,
        method,
        url,
        header_params=None,
        body=None,
        post_params=None,
        _request_timeout=None
    ) -> rest.RESTResponse:
        """Makes the HTTP request (synchronous)
        :param method: Method to call.
        :param url: Path to method endpoint.
        :param header_params: Header parameters to be
            placed in the request header.
        :param body: Request body.
        :param post_params dict: Request post form parameters,
            for `application/x-www-form-urlencoded`, `multipart/form-data`.
        :param _request_timeout: timeout setting for this request.
        :return: RESTResponse
        """

        try:
            # perform request and return response
            response_data = self.rest_client.request(
                method, url,
                headers=header_params,
                body=body, post_params=post_params,
                _request_timeout=_request_timeout
            )

        except ApiException as e:
            raise e

        return response_data

    def response_deserialize(
        self,
        response_data: rest.RESTResponse,
        response_types_map: Optional[Dict[str, ApiResponseT]]=None
    ) -> ApiResponse[ApiResponseT]:
        """Deserializes response into an object.
        :param response_data: RESTResponse object to be deserialized.
        :param response_types_map: dict of response types.
        :return: ApiResponse
        """

        msg = "RESTResponse.read() must be called before passing it to response_deserialize()"
        assert response_data.data is not None, msg

        response_type = response_types_map.get(str(response_data.status), None)
        if not response_type and isinstance(response_data.status, int) and 100 <= response_data.status <= 599:
            # if not found, look for '1XX', '2XX', etc.
            response_type = response_types_map.get(str(response_data.status)[0] + "XX", None)

        # If the response_type has not matched (eg. did not match the previous if statements) and the default response is available, use it.
        if response_type is None and str(response_data.status) not in response_types_map \
            and (not isinstance(response_data.status, int) or not 100 <= response_data.status <= 599 or str(response_data.status)[0] + "XX" not in response_types_map) \
            and 'default' in response_types_map:
            response_type = response_types_map['default']

        # deserialize response data
        response_text = None
        return_data = None
        try:
            if response_type in ("bytearray", "bytes"):
                return_data = response_data.data
            elif response_type == "file":
                return_data = self.__deserialize_file(response_data)
            elif response_type is not None:
                match = None
                content_type = response_data.headers.get('content-type')
                if content_type is not None:
                    match = re.search(r"charset=([a-zA-Z\-\d]+)[\s;]?", content_type)
                encoding = match.group(1) if match else "utf-8"
                response_text = response_data.data.decode(encoding)
                return_data = self.deserialize(response_text, response_type, content_type)
        finally:
            if not 200 <= response_data.status <= 299:
                raise ApiException.from_response(
                    http_resp=response_data,
                    body=response_text,
                    data=return_data,
                )

        return ApiResponse(
            status_code = response_data.status,
            data = return_data,
            headers = response_data.headers,
            raw_data = response_data.data
        )

    def sanitize_for_serialization(self, obj):
        """Builds a JSON POST object.

        If obj is None, return None.
        If obj is SecretStr, return obj.get_secret_value()
        If obj is str, int, long, float, bool, return directly.
        If obj is datetime.datetime, datetime.date
            convert to string in iso8601 format.
        If obj is decimal.Decimal return string representation.
        If obj is list, sanitize each element in the list.
        If obj is dict, return the dict.
        If obj is OpenAPI model, return the properties dict.

        :param obj: The data to serialize.
        :return: The serialized form of data.
        """
        if obj is None:
            return None
        elif isinstance(obj, Enum):
            return obj.value
        elif isinstance(obj, SecretStr):
            return obj.get_secret_value()
        elif isinstance(obj, self.PRIMITIVE_TYPES):
            return obj
        elif isinstance(obj, uuid.UUID):
            return str(obj)
        elif isinstance(obj, list):
            return [
                self.sanitize_for_serialization(sub_obj) for sub_obj in obj
            ]
        elif isinstance(obj, tuple):
            return tuple(
                self.sanitize_for_serialization(sub_obj) for sub_obj in obj
            )
        elif isinstance(obj, (datetime.datetime, datetime.date)):
            return obj.isoformat()
        elif isinstance(obj, decimal.Decimal):
            return str(obj)
        elif isinstance(obj, dict):
            return {
                key: self.sanitize_for_serialization(val)
                for key, val in obj.items()
            }

        # Convert model obj to dict except
        # attributes `openapi_types`, `attribute_map`
        # and attributes which value is not None.
        # Convert attribute name to json key in
        # model definition for request.
        if hasattr(obj, 'to_dict') and callable(getattr(obj, 'to_dict')):
            obj_dict = obj.to_dict()
        else:
            obj_dict = obj.__dict__

        return self.sanitize_for_serialization(obj_dict)


    def deserialize(self, response_text: str, response_type: str, content_type: Optional[str]):
        """Deserializes response into an object.

        :param response: RESTResponse object to be deserialized.
        :param response_type: class literal for
            deserialized object, or string of class name.
        :param content_type: content type of response.

        :return: deserialized object.
        """

        # fetch data from response object
        if content_type is None:
            try:
                data = json.loads(response_text)
            except ValueError:
                data = response_text
        elif re.match(r'^application/(json|[\w!#$&.+\-^_]+\+json)\s*(;|$)', content_type, re.IGNORECASE):
            if response_text == "":
                data = ""
            else:
                data = json.loads(response_text)
        elif re.match(r'^text\/[a-z.+-]+\s*(;|$)', content_type, re.IGNORECASE):
            data = response_text
        else:
            raise ApiException(
                status=0,
                reason="Unsupported content type: {0}".format(content_type)
            )

        return self.__deserialize(data, response_type)

    def __deserialize(self, data, klass):
        """Deserializes dict, list, str into an object.

        :param data: dict, list or str.
        :param klass: class literal, or string of class name.

        :return: object.
        """
        if data is None:
            return None

        if isinstance(klass, str):
            if klass.startswith('Optional['):
                m = re.match(r'Optional\[(.*)]', klass)
                assert m is not None, "Malformed Optional type definition"
                # data is not None here, so the optionality is already resolved
                return self.__deserialize(data, m.group(1))

            if klass.startswith('List['):
                m = re.match(r'List\[(.*)]', klass)
                assert m is not None, "Malformed List type definition"
                sub_kls = m.group(1)
                return [self.__deserialize(sub_data, sub_kls)
                        for sub_data in data]

            if klass.startswith('Dict['):
                m = re.match(r'Dict\[([^,]*), (.*)]', klass)
                assert m is not None, "Malformed Dict type definition"
                sub_kls = m.group(2)
                return {k: self.__deserialize(v, sub_kls)
                        for k, v in data.items()}

            # convert str to class
            if klass in self.NATIVE_TYPES_MAPPING:
                klass = self.NATIVE_TYPES_MAPPING[klass]
            else:
                klass = getattr(payagg_client.models, klass)

        if klass in self.PRIMITIVE_TYPES:
            return self.__deserialize_primitive(data, klass)
        elif klass is object:
            return self.__deserialize_object(data)
        elif klass is datetime.date:
            return self.__deserialize_date(data)
        elif klass is datetime.datetime:
            return self.__deserialize_datetime(data)
        elif klass is decimal.Decimal:
            return decimal.Decimal(data)
        elif klass is uuid.UUID:
            return uuid.UUID(data)
        elif issubclass(klass, Enum):
            return self.__deserialize_enum(data, klass)
        else:
            return self.__deserialize_model(data, klass)

    def parameters_to_tuples(self, params, collection_formats):
        """Get parameters as list of tuples, formatting collections.

        :param params: Parameters as dict or list of two-tuples
        :param dict collection_formats: Parameter collection formats
        :return: Parameters as list of tuples, collections formatted
        """
        new_params: List[Tuple[str, str]] = []
        if collection_formats is None:
            collection_formats = {}
        for k, v in params.items() if isinstance(params, dict) else params:
            if isinstance(v, bool):
                v = str(v).lower()
            if k in collection_formats:
                collection_format = collection_formats[k]
                if collection_format == 'multi':
                    new_params.extend(
                        (k, str(value).lower() if isinstance(value, bool) else value)
                        for value in v
                    )
                else:
                    if collection_format == 'ssv':
                        delimiter = ' '
                    elif collection_format == 'tsv':
                        delimiter = '\t'
                    elif collection_format == 'pipes':
                        delimiter = '|'
                    else:  # csv is the default
                        delimiter = ','
                    new_params.append(
                        (k, delimiter.join(
                            str(value).lower() if isinstance(value, bool) else str(value)
                            for value in v)))
            else:
                new_params.append((k, v))
        return new_params

    def parameters_to_url_query(self, params, collection_formats):
        """Get parameters as list of tuples, formatting collections.

        :param params: Parameters as dict or list of two-tuples
        :param dict collection_formats: Parameter collection formats
        :return: URL query string (e.g. a=Hello%20World&b=123)
        """
        new_params: List[Tuple[str, str]] = []
        if collection_formats is None:
            collection_formats = {}
        for k, v in params.items() if isinstance(params, dict) else params:
            if isinstance(v, bool):
                v = str(v).lower()
            if isinstance(v, (int, float)):
                v = str(v)
            if isinstance(v, dict):
                v = json.dumps(v)

            if k in collection_formats:
                collection_format = collection_formats[k]
                if collection_format == 'multi':
                    new_params.extend(
                        (k, quote(str(value).lower() if isinstance(value, bool) else str(value)))
                        for value in v
                    )
                else:
                    if collection_format == 'ssv':
                        delimiter = ' '
                    elif collection_format == 'tsv':
                        delimiter = '\t'
                    elif collection_format == 'pipes':
                        delimiter = '|'
                    else:  # csv is the default
                        delimiter = ','
                    new_params.append(
                        (k, delimiter.join(
                            quote(str(value).lower() if isinstance(value, bool) else str(value))
                            for value in v))
                    )
            else:
                new_params.append((k, quote(str(v))))

        return "&".join(["=".join(map(str, item)) for item in new_params])

    def files_parameters(
        self,
        files: Dict[str, Union[str, bytes, List[str], List[bytes], Tuple[str, bytes]]],
    ):
        """Builds form parameters.

        :param files: File parameters.
        :return: Form parameters with files.
        """
        params = []
        for k, v in files.items():
            if isinstance(v, str):
                with open(v, 'rb') as f:
                    filename = os.path.basename(f.name)
                    filedata = f.read()
            elif isinstance(v, bytes):
                filename = k
                filedata = v
            elif isinstance(v, tuple):
                filename, filedata = v
            elif isinstance(v, list):
                for file_param in v:
                    params.extend(self.files_parameters({k: file_param}))
                continue
            else:
                raise ValueError("Unsupported file value")
            mimetype = (
                mimetypes.guess_type(filename)[0]
                or 'application/octet-stream'
            )
            params.append(
                tuple([k, tuple([filename, filedata, mimetype])])
            )
        return params

    def select_header_accept(self, accepts: List[str]) -> Optional[str]:
        """Returns `Accept` based on an array of accepts provided.

        :param accepts: List of headers.
        :return: Accept (e.g. application/json).
        """
        if not accepts:
            return None

        for accept in accepts:
            if re.search('json', accept, re.IGNORECASE):
                return accept

        return accepts[0]

    def select_header_content_type(self, content_types):
        """Returns `Content-Type` based on an array of content_types provided.

        :param content_types: List of content-types.
        :return: Content-Type (e.g. application/json).
        """
        if not content_types:
            return None

        for content_type in content_types:
            if re.search('json', content_type, re.IGNORECASE):
                return content_type

        return content_types[0]

    def update_params_for_auth(
        self,
        headers,
        queries,
        auth_settings,
        resource_path,
        method,
        body,
        request_auth=None
    ) -> None:
        """Updates header and query params based on authentication setting.

        :param headers: Header parameters dict to be updated.
        :param queries: Query parameters tuple list to be updated.
        :param auth_settings: Authentication setting identifiers list.
        :resource_path: A string representation of the HTTP request resource path.
        :method: A string representation of the HTTP request method.
        :body: A object representing the body of the HTTP request.
        The object type is the return value of sanitize_for_serialization().
        :param request_auth: if set, the provided settings will
                             override the token in the configuration.
        """
        if not auth_settings:
            return

        if request_auth:
            self._apply_auth_params(
                headers,
                queries,
                resource_path,
                method,
                body,
                request_auth
            )
        else:
            for auth in auth_settings:
                auth_setting = self.configuration.auth_settings().get(auth)
                if auth_setting:
                    self._apply_auth_params(
                        headers,
                        queries,
                        resource_path,
                        method,
                        body,
                        auth_setting
                    )

    def _apply_auth_params(
        self,
        headers,
        queries,
        resource_path,
        method,
        body,
        auth_setting
    ) -> None:
        """Updates the request parameters based on a single auth_setting

        :param headers: Header parameters dict to be updated.
        :param queries: Query parameters tuple list to be updated.
        :resource_path: A string representation of the HTTP request resource path.
        :method: A string representation of the HTTP request method.
        :body: A object representing the body of the HTTP request.
        The object type is the return value of sanitize_for_serialization().
        :param auth_setting: auth settings for the endpoint
        """
        if auth_setting['in'] == 'cookie':
            if not 'Cookie' in headers:
                headers['Cookie'] = ""
            else:
                headers['Cookie'] += "; "
            # Account for cookie value containing spaces and special characters, excluding base64 delimiters
            cookie_value = quote(str(auth_setting['value']), safe="!#$%&'()*+-./:<=>?@[]^_`{|}~%+/=")
            headers['Cookie'] += f"{auth_setting['key']}={cookie_value}"
        elif auth_setting['in'] == 'header':
            if auth_setting['type'] != 'http-signature':
                headers[auth_setting['key']] = auth_setting['value']
        elif auth_setting['in'] == 'query':
            queries.append((auth_setting['key'], auth_setting['value']))
        else:
            raise ApiValueError(
                'Authentication token must be in `query` or `header`'
            )

    def __deserialize_file(self, response):
        """Deserializes body to file

        Saves response body into a file in a temporary folder,
        using the filename from the `Content-Disposition` header if provided.

        handle file downloading
        save response body into a tmp file and return the instance

        :param response:  RESTResponse.
        :return: file path.
        """
        fd, path = tempfile.mkstemp(dir=self.configuration.temp_folder_path)
        os.close(fd)
        os.remove(path)

        content_disposition = response.headers.get("Content-Disposition")
        if content_disposition:
            m = re.search(
                r'filename=[\'"]?([^\'"\s]+)[\'"]?',
                content_disposition
            )
            assert m is not None, "Unexpected 'content-disposition' header value"
            filename = os.path.basename(m.group(1))  # Strip any directory traversal
            if filename in ("", ".", ".."):  # fall back to tmp filename
                filename = os.path.basename(path)
            path = os.path.join(os.path.dirname(path), filename)

        with open(path, "wb") as f:
            f.write(response.data)

        return path

    def __deserialize_primitive(self, data, klass):
        """Deserializes string to primitive type.

        :param data: str.
        :param klass: class literal.

        :return: int, long, float, str, bool.
        """
        try:
            return klass(data)
        except UnicodeEncodeError:
            return str(data)
        except TypeError:
            return data

    def __deserialize_object(self, value):
        """Return an original value.

        :return: object.
        """
        return value

    def __deserialize_date(self, string):
        """Deserializes string to date.

        :param string: str.
        :return: date.
        """
        try:
            return parse(string).date()
        except ImportError:
            return string
        except ValueError:
            raise rest.ApiException(
                status=0,
                reason="Failed to parse `{0}` as date object".format(string)
            )

    def __deserialize_datetime(self, string):
        """Deserializes string to datetime.

        The string should be in iso8601 datetime format.

        :param string: str.
        :return: datetime.
        """
        try:
            return parse(string)
        except ImportError:
            return string
        except ValueError:
            raise rest.ApiException(
                status=0,
                reason=(
                    "Failed to parse `{0}` as datetime object"
                    .format(string)
                )
            )

    def __deserialize_enum(self, data, klass):
        """Deserializes primitive type to enum.

        :param data: primitive type.
        :param klass: class literal.
        :return: enum value.
        """
        try:
            return klass(data)
        except ValueError:
            raise rest.ApiException(
                status=0,
                reason=(
                    "Failed to parse `{0}` as `{1}`"
                    .format(data, klass)
                )
            )

    def __deserialize_model(self, data, klass):
        """Deserializes list or dict to model.

        :param data: dict, list.
        :param klass: class literal.
        :return: model object.
        """

        return klass.from_dict(data)
