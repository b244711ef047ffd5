"""Request signing for the generated ``payagg_client`` (hand-written; not generated).

Every merchant request carries these headers:

    X-Service-Key                the API key
    X-Service-Timestamp          Unix seconds, as a decimal string
    X-Service-Signature          lowercase hex HMAC-SHA256 keyed with the API secret, over
        version 2 (the default):  timestamp + "." + METHOD + "." + path_with_query + "."
                                  + idempotency_key + "." + raw_body
        version 1 (the seed's):   timestamp + "." + raw_body
    X-Service-Signature-Version  "2" for version 2; not sent for version 1

``raw_body`` must be the exact bytes sent (the empty string when there is no body),
``path_with_query`` the request target exactly as sent (``/v1/transactions?limit=10``) and
``idempotency_key`` the ``Idempotency-Key`` header ("" without one). Version 1 signs the body
only, so a captured request can be replayed for 300 s to another path, with another method or
with a fresh idempotency key (a second refund); version 2 binds all of them. Use version 1 only
against a server that predates version 2.

The generated ``RESTClientObject`` serialises the body (``json.dumps``) only just before handing
it to urllib3, so signing happens at that last step: the client's urllib3 pool manager is wrapped
and the signature is computed over the very ``body`` argument urllib3 receives, and over the
request target urllib3 derives from the URL (``parse_url(url).request_uri``).

Usage::

    from payagg_signing import signed_api_client
    import payagg_client

    with signed_api_client("https://sandbox.api.payagg.example/v1", key, secret) as api_client:
        users = payagg_client.TeamApi(api_client).list_users()
"""

from __future__ import annotations

import hashlib
import hmac
import time
from typing import Any, Callable, Mapping, Optional, Union
from urllib.parse import urlencode

from urllib3.util import parse_url

import payagg_client
from payagg_client import rest

HEADER_SERVICE_KEY = "X-Service-Key"
HEADER_SERVICE_TIMESTAMP = "X-Service-Timestamp"
HEADER_SERVICE_SIGNATURE = "X-Service-Signature"
HEADER_SERVICE_SIGNATURE_VERSION = "X-Service-Signature-Version"
HEADER_IDEMPOTENCY_KEY = "Idempotency-Key"
SIGNATURE_VERSIONS = (1, 2)
SIGNATURE_VERSION_DEFAULT = 2
# Payer-facing checkout calls are authorised by the session token and must not be signed.
HEADER_CHECKOUT_TOKEN = "X-Checkout-Token"


def _body_bytes(body: Union[bytes, str, None]) -> bytes:
    if isinstance(body, str):
        return body.encode("utf-8")
    if body is None:
        return b""
    return bytes(body)


def sign(secret: str, timestamp: Union[int, str], body: Union[bytes, str, None]) -> str:
    """Version 1 (and webhooks): lowercase hex HMAC-SHA256 of ``timestamp + "." + body``."""
    message = str(timestamp).encode("ascii") + b"." + _body_bytes(body)
    return hmac.new(secret.encode("utf-8"), message, hashlib.sha256).hexdigest()


def sign_v2(secret: str, timestamp: Union[int, str], method: str, path_with_query: str,
            idempotency_key: Optional[str], body: Union[bytes, str, None]) -> str:
    """Version 2: lowercase hex HMAC-SHA256 of
    ``timestamp.METHOD.path_with_query.idempotency_key.body`` (``idempotency_key`` "" when None)."""
    if not path_with_query.startswith("/"):
        raise ValueError(f"path_with_query must be the request target as sent, starting with '/', got {path_with_query!r}")
    line = f"{timestamp}.{method.upper()}.{path_with_query}.{idempotency_key or ''}."
    return hmac.new(secret.encode("utf-8"), line.encode("utf-8") + _body_bytes(body), hashlib.sha256).hexdigest()


def request_target_of(url: str) -> str:
    """The request target urllib3 sends for ``url``: its path and query, percent-encoded as sent."""
    return parse_url(url).request_uri


def _header(headers: Mapping[str, str], name: str) -> Optional[str]:
    """A header's value as the server reads it: surrounding spaces and tabs are not part of it."""
    for key, value in headers.items():
        if key.lower() == name.lower():
            return str(value).strip(" \t")
    return None


class _SigningPoolManager:
    """Wraps a urllib3 pool manager; adds the signing headers to every request."""

    def __init__(self, inner: Any, api_key: str, api_secret: str, clock: Callable[[], float],
                 signature_version: int = SIGNATURE_VERSION_DEFAULT) -> None:
        self._inner = inner
        self._api_key = api_key
        self._api_secret = api_secret
        self._clock = clock
        self._signature_version = signature_version

    def request(self, method: str, url: str, body: Any = None, fields: Any = None,
                headers: Optional[Mapping[str, str]] = None, **kwargs: Any) -> Any:
        headers = dict(headers or {})
        # Multipart and form bodies are encoded by urllib3 itself, so their bytes are not known
        # here; the API only takes JSON bodies, so refuse rather than sign the wrong bytes.
        if fields and method.upper() not in ("GET", "HEAD", "DELETE"):
            raise ValueError("payagg_signing signs JSON bodies only; form and multipart bodies are not supported")
        if fields:
            # urllib3 would append these to the URL itself; do it here so the target signed is
            # the one sent (the generated client passes none).
            url = f"{url}?{urlencode(fields)}"
            fields = {}
        if HEADER_CHECKOUT_TOKEN not in headers and "client_token=" not in url:
            timestamp = str(int(self._clock()))
            headers[HEADER_SERVICE_KEY] = self._api_key
            headers[HEADER_SERVICE_TIMESTAMP] = timestamp
            if self._signature_version == 1:
                headers[HEADER_SERVICE_SIGNATURE] = sign(self._api_secret, timestamp, body)
            else:
                headers[HEADER_SERVICE_SIGNATURE_VERSION] = "2"
                headers[HEADER_SERVICE_SIGNATURE] = sign_v2(
                    self._api_secret, timestamp, method, request_target_of(url),
                    _header(headers, HEADER_IDEMPOTENCY_KEY), body)
        if fields is None:
            return self._inner.request(method, url, body=body, headers=headers, **kwargs)
        return self._inner.request(method, url, body=body, fields=fields, headers=headers, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class SigningRESTClientObject(rest.RESTClientObject):
    """The generated REST client with every outgoing request signed over its exact body bytes."""

    def __init__(self, configuration: payagg_client.Configuration, api_key: str, api_secret: str,
                 clock: Callable[[], float] = time.time,
                 signature_version: int = SIGNATURE_VERSION_DEFAULT) -> None:
        super().__init__(configuration)
        self.pool_manager = _SigningPoolManager(self.pool_manager, api_key, api_secret, clock, signature_version)


def signed_api_client(base_url: str, api_key: str, api_secret: str,
                      clock: Callable[[], float] = time.time,
                      signature_version: int = SIGNATURE_VERSION_DEFAULT) -> payagg_client.ApiClient:
    """An ``ApiClient`` for ``base_url`` (ending in ``/v1``) whose every call is signed.

    ``clock`` returns Unix time in seconds (``time.time`` by default); tests can fix it.
    ``signature_version`` is 2 (default: method, path, query and idempotency key are signed too)
    or 1 (the body only; for servers that predate version 2).
    """
    if not api_key or not api_secret:
        raise ValueError("api_key and api_secret are required")
    if signature_version not in SIGNATURE_VERSIONS:
        raise ValueError(f"signature_version must be 1 or 2, got {signature_version!r}")
    configuration = payagg_client.Configuration(host=base_url.rstrip("/"))
    api_client = payagg_client.ApiClient(configuration)
    api_client.rest_client = SigningRESTClientObject(configuration, api_key, api_secret, clock, signature_version)
    return api_client


# Webhook verification lives in payagg_webhooks (receivers need only that module); these names stay
# importable from here for existing code.
from payagg_webhooks import (  # noqa: E402,F401
    WEBHOOK_TOLERANCE_DEFAULT_SECONDS,
    WebhookSignatureError,
    verify_webhook_signature,
)
