"""Request signing for the generated ``payagg_client`` (hand-written; not generated).

Every merchant request carries three headers:

    X-Service-Key        the API key
    X-Service-Timestamp  Unix seconds, as a decimal string
    X-Service-Signature  lowercase hex HMAC-SHA256(api_secret, timestamp + "." + raw_body)

``raw_body`` must be the exact bytes sent (the empty string when there is no body). The generated
``RESTClientObject`` serialises the body (``json.dumps``) only just before handing it to urllib3,
so signing happens at that last step: the client's urllib3 pool manager is wrapped and the
signature is computed over the very ``body`` argument urllib3 receives.

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

import payagg_client
from payagg_client import rest

HEADER_SERVICE_KEY = "X-Service-Key"
HEADER_SERVICE_TIMESTAMP = "X-Service-Timestamp"
HEADER_SERVICE_SIGNATURE = "X-Service-Signature"
# Payer-facing checkout calls are authorised by the session token and must not be signed.
HEADER_CHECKOUT_TOKEN = "X-Checkout-Token"


def sign(secret: str, timestamp: Union[int, str], body: Union[bytes, str, None]) -> str:
    """Lowercase hex HMAC-SHA256 of ``timestamp + "." + body`` keyed with ``secret``."""
    if isinstance(body, str):
        body_bytes = body.encode("utf-8")
    elif body is None:
        body_bytes = b""
    else:
        body_bytes = bytes(body)
    message = str(timestamp).encode("ascii") + b"." + body_bytes
    return hmac.new(secret.encode("utf-8"), message, hashlib.sha256).hexdigest()


class _SigningPoolManager:
    """Wraps a urllib3 pool manager; adds the three signing headers to every request."""

    def __init__(self, inner: Any, api_key: str, api_secret: str, clock: Callable[[], float]) -> None:
        self._inner = inner
        self._api_key = api_key
        self._api_secret = api_secret
        self._clock = clock

    def request(self, method: str, url: str, body: Any = None, fields: Any = None,
                headers: Optional[Mapping[str, str]] = None, **kwargs: Any) -> Any:
        headers = dict(headers or {})
        # Multipart and form bodies are encoded by urllib3 itself, so their bytes are not known
        # here; the API only takes JSON bodies, so refuse rather than sign the wrong bytes.
        if fields and method.upper() not in ("GET", "HEAD", "DELETE"):
            raise ValueError("payagg_signing signs JSON bodies only; form and multipart bodies are not supported")
        if HEADER_CHECKOUT_TOKEN not in headers and "client_token=" not in url:
            timestamp = str(int(self._clock()))
            headers[HEADER_SERVICE_KEY] = self._api_key
            headers[HEADER_SERVICE_TIMESTAMP] = timestamp
            headers[HEADER_SERVICE_SIGNATURE] = sign(self._api_secret, timestamp, body)
        if fields is None:
            return self._inner.request(method, url, body=body, headers=headers, **kwargs)
        return self._inner.request(method, url, body=body, fields=fields, headers=headers, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class SigningRESTClientObject(rest.RESTClientObject):
    """The generated REST client with every outgoing request signed over its exact body bytes."""

    def __init__(self, configuration: payagg_client.Configuration, api_key: str, api_secret: str,
                 clock: Callable[[], float] = time.time) -> None:
        super().__init__(configuration)
        self.pool_manager = _SigningPoolManager(self.pool_manager, api_key, api_secret, clock)


def signed_api_client(base_url: str, api_key: str, api_secret: str,
                      clock: Callable[[], float] = time.time) -> payagg_client.ApiClient:
    """An ``ApiClient`` for ``base_url`` (ending in ``/v1``) whose every call is signed.

    ``clock`` returns Unix time in seconds (``time.time`` by default); tests can fix it.
    """
    if not api_key or not api_secret:
        raise ValueError("api_key and api_secret are required")
    configuration = payagg_client.Configuration(host=base_url.rstrip("/"))
    api_client = payagg_client.ApiClient(configuration)
    api_client.rest_client = SigningRESTClientObject(configuration, api_key, api_secret, clock)
    return api_client


# Webhook verification lives in payagg_webhooks (receivers need only that module); these names stay
# importable from here for existing code.
from payagg_webhooks import (  # noqa: E402,F401
    WEBHOOK_TOLERANCE_DEFAULT_SECONDS,
    WebhookSignatureError,
    verify_webhook_signature,
)
