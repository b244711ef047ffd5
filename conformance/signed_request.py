"""Sends one signed merchant request, to reproduce a schemathesis failure by hand.

The curl command schemathesis prints carries the signature of the moment it ran; five minutes
later the server refuses it (timestamp outside the 300 s window). This re-signs it now:

    .venv/bin/python conformance/signed_request.py POST /collections '{"amount": 1, ...}' \
        -H 'Idempotency-Key: 6f1c...' [-H 'Name: value' ...]

BODY may be @file to send a file's exact bytes. Uses PAYAGG_BASE_URL (ends in /v1),
PAYAGG_API_KEY and PAYAGG_API_SECRET; prints the status, the headers and the body. Signs with
signature version 2 (as the hooks do); --signature-version 1 signs with the seed's scheme.
"""

from __future__ import annotations

import argparse
import os
import sys

import requests

from payagg_signing import header_idempotency_key, header_value, signed_headers, signed_headers_v2

# Generous for a single hand-made request.
request_timeout_s = 30


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("method")
    parser.add_argument("path", help="path below PAYAGG_BASE_URL, with its query string, e.g. /users")
    parser.add_argument("body", nargs="?", default=None, help="raw body, or @file")
    parser.add_argument("-H", "--header", action="append", default=[], help="extra header 'Name: value'")
    parser.add_argument("--content-type", default="application/json")
    parser.add_argument("--signature-version", type=int, choices=(1, 2), default=2)
    args = parser.parse_args()

    base_url = os.environ["PAYAGG_BASE_URL"].rstrip("/")
    raw = b""
    if args.body is not None:
        raw = open(args.body[1:], "rb").read() if args.body.startswith("@") else args.body.encode("utf-8")
    headers = {}
    for header in args.header:
        name, _, value = header.partition(":")
        headers[name.strip()] = value.strip()
    if args.body is not None:
        headers.setdefault("Content-Type", args.content_type)
    # Prepared first, so the version-2 signature covers the request target exactly as it is sent.
    prepared = requests.Request(args.method.upper(), f"{base_url}{args.path}", data=raw or None, headers=headers).prepare()
    api_key, api_secret = os.environ["PAYAGG_API_KEY"], os.environ["PAYAGG_API_SECRET"]
    if args.signature_version == 1:
        prepared.headers.update(signed_headers(api_key, api_secret, raw))
    else:
        idempotency_key = header_value(prepared.headers, header_idempotency_key)
        prepared.headers.update(signed_headers_v2(api_key, api_secret, prepared.method or "GET", prepared.path_url,
                                                  idempotency_key, raw))
    with requests.Session() as session:
        response = session.send(prepared, timeout=request_timeout_s)
    print(response.status_code, response.reason)
    for name, value in response.headers.items():
        print(f"{name}: {value}")
    print()
    print(response.text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
