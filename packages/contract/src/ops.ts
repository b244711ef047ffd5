/**
 * GENERATED from spec/ops.yaml by openapi-typescript 7.13.0 — do not edit.
 * Regenerate with `pnpm --filter @payagg/contract generate` (or scripts/generate.sh);
 * CI fails when this file differs from what the spec generates.
 */
export interface paths {
    "/reconciliation/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List reconciliation runs
         * @description Runs, newest first, with their counts per class.
         */
        get: operations["listReconciliationRuns"];
        put?: never;
        /**
         * Run a reconciliation
         * @description Matches one provider's report for the period [period_start, period_end) against our transactions, refunds and payouts, and classifies every item (docs/reconciliation.md). The report is pulled from the provider (`source.type` `provider_api`: the sandbox's own report; Paystack's settlements of the period and their transactions, read from its API, where Paystack is configured) or uploaded (`upload`, its text in `content`, at most 1 MiB through this API; larger files through the CLI, `payagg recon run --file`). The run completes before the answer. Re-running a period gives the same classes for the same records; the new run's `changes` compares it with the period's previous completed run. A report that cannot be read is 422 naming `body.source.content` with its line and column (`body.source.type` for a pulled one; the run is kept, `failed`). A pull from a provider without a report API (M-Pesa) or not configured here is 422 naming `body.source.type`. A provider's API that does not answer is 503 RAIL_UNAVAILABLE (the run is kept, `failed`; run it again later). A period is at most 31 days and starts in the past, not before 1970-01-01T00:00:00Z.
         */
        post: operations["createReconciliationRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reconciliation/runs/{run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a reconciliation run
         * @description One run, with its counts per class and, for a re-run, what changed since the previous run of its period.
         */
        get: operations["getReconciliationRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reconciliation/runs/{run_id}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a run's items and exceptions
         * @description The run's items in the run's order (reference order), each with both sides as far as they exist and its resolution. `class` narrows to one class; `exceptions_only` to every class but matched; `state` to open or resolved exceptions. A resolution made in an earlier run of the same period shows on the same exception here.
         */
        get: operations["listReconciliationItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reconciliation/runs/{run_id}/items/{item_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one item
         * @description One item of the run, with its resolution if it has one.
         */
        get: operations["getReconciliationItem"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reconciliation/runs/{run_id}/items/{item_id}/resolution": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve an exception
         * @description Resolves one exception, once: `accept` records it as it is; `correct` also posts one ledger transfer between the currency's reconciliation adjustment account and a wallet (the item's merchant's wallet in its currency unless `correction.wallet_id` names one): `credit_wallet` pays the wallet, `debit_wallet` takes from it. The reason and the operator are recorded; a resolution is never edited or deleted. A debit the wallet cannot cover is 402 INSUFFICIENT_FUNDS and nothing moves; a matched item is 422 (`path.item_id`); a resolved exception is 409 EXCEPTION_ALREADY_RESOLVED.
         */
        post: operations["resolveReconciliationException"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description The closed set of error codes of the merchant API (spec/merchant.yaml), and EXCEPTION_ALREADY_RESOLVED.
         * @enum {string}
         */
        ErrorCode: "AUTH_INVALID_KEY" | "AUTH_SIGNATURE_MISMATCH" | "VALIDATION_ERROR" | "IDEMPOTENCY_CONFLICT" | "INSUFFICIENT_FUNDS" | "RAIL_UNAVAILABLE" | "RATE_LIMITED" | "RESOURCE_NOT_FOUND" | "COMPLIANCE_HOLD" | "PERMISSION_DENIED" | "INTERNAL_ERROR" | "METHOD_NOT_ALLOWED" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "NOT_IMPLEMENTED" | "BAD_REQUEST" | "REQUEST_TIMEOUT" | "URI_TOO_LONG" | "HEADERS_TOO_LARGE" | "EXCEPTION_ALREADY_RESOLVED";
        /**
         * @description ISO 4217 currency code, 3 upper-case letters, one of the currencies the service supports:
         *     BWP, CDF, EGP, ETB, EUR, GBP, GHS, KES, MAD, MWK, MZN, NGN, RWF, TZS, UGX, USD, XAF, XOF,
         *     ZAR, ZMW, JPY, KWD (the ledger's currency table, as in the merchant API).
         * @example KES
         */
        Currency: string;
        Meta: {
            /** @description Id of this request; equal to the X-Request-Id header. */
            request_id: string;
        };
        /** @description Metadata of a paginated list. */
        PageMeta: {
            /** @description Id of this request; equal to the X-Request-Id header. */
            request_id: string;
            /** @description Cursor of the next page, passed back unchanged as `cursor`; null when there are no more pages. */
            next_cursor: string | null;
        };
        FieldError: {
            field: string;
            message: string;
        };
        /** @description Optional details; validation failures carry `fields`. */
        ErrorDetails: {
            /**
             * @description Tells apart refusals that share one `error.code`, so a client never parses the message
             *     (decision 0420). On 409 `IDEMPOTENCY_CONFLICT`: `in_progress` (a request with this key
             *     is still running: retry with the same key after `Retry-After`) or `payload_mismatch`
             *     (the key was used for another body or operation: do not retry it).
             * @enum {string}
             */
            reason?: "in_progress" | "payload_mismatch";
            fields?: components["schemas"]["FieldError"][];
        };
        Error: {
            code: components["schemas"]["ErrorCode"];
            /** @description Human-facing; not to be parsed. */
            message: string;
            details?: components["schemas"]["ErrorDetails"];
        };
        ErrorEnvelope: {
            data: null;
            error: components["schemas"]["Error"];
            meta: components["schemas"]["Meta"];
        };
        /**
         * @description The provider whose report is matched.
         * @enum {string}
         */
        Provider: "sandbox" | "mpesa" | "paystack";
        /** @enum {string} */
        RunStatus: "running" | "completed" | "failed";
        /**
         * @description `sandbox_csv`: the sandbox's report; `mpesa_statement_csv`: the M-Pesa organisation portal's statement export; `paystack_settlement_json`: the rows of Paystack's GET /settlement/{id}/transactions (docs/reconciliation.md).
         * @enum {string}
         */
        ReportFormat: "sandbox_csv" | "mpesa_statement_csv" | "paystack_settlement_json";
        /**
         * @description How an item was classified (docs/reconciliation.md "Matching rules").
         * @enum {string}
         */
        ReconciliationClass: "matched" | "missing_at_provider" | "missing_here" | "amount_mismatch" | "currency_mismatch" | "status_mismatch" | "duplicate" | "pending_within_window";
        /** @description Items of the run per class. */
        ReconciliationCounts: {
            /** Format: int64 */
            matched: number;
            /** Format: int64 */
            missing_at_provider: number;
            /** Format: int64 */
            missing_here: number;
            /** Format: int64 */
            amount_mismatch: number;
            /** Format: int64 */
            currency_mismatch: number;
            /** Format: int64 */
            status_mismatch: number;
            /** Format: int64 */
            duplicate: number;
            /** Format: int64 */
            pending_within_window: number;
        };
        /** @description Pull the report from the provider's API: the sandbox's own report; Paystack's settlements dated from the period's start to its end plus the settlement window, and their transactions (where Paystack is configured). M-Pesa has no statement API: upload its portal statement. */
        ProviderApiSource: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "provider_api";
        };
        /** @description A report file's text. */
        UploadSource: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "upload";
            format: components["schemas"]["ReportFormat"];
            /** @description The file, as text (CSV, or JSON for Paystack); any text but the NUL character (U+0000). */
            content: string;
        };
        ReconciliationRunCreate: {
            provider: components["schemas"]["Provider"];
            /**
             * Format: date-time
             * @description Start of the period (inclusive); in the past, not before 1970-01-01T00:00:00Z.
             */
            period_start: string;
            /**
             * Format: date-time
             * @description End of the period (exclusive); at most 31 days after the start.
             */
            period_end: string;
            source: components["schemas"]["ProviderApiSource"] | components["schemas"]["UploadSource"];
        };
        /** @description For a re-run: how its items differ from the period's previous completed run, by item key. Null for a period's first run. */
        RunChanges: {
            /** Format: uuid */
            previous_run_id: string;
            /**
             * Format: int64
             * @description Items the previous run did not have.
             */
            new_items: number;
            /**
             * Format: int64
             * @description Items of the previous run this one does not have.
             */
            gone_items: number;
            /**
             * Format: int64
             * @description Items in another class than before.
             */
            class_changed: number;
            /**
             * Format: int64
             * @description Items in the same class as before.
             */
            unchanged: number;
        } | null;
        ReconciliationRun: {
            /** Format: uuid */
            id: string;
            provider: components["schemas"]["Provider"];
            /**
             * Format: date-time
             * @description Start of the period.
             */
            period_start: string;
            /**
             * Format: date-time
             * @description End of the period (exclusive).
             */
            period_end: string;
            /** @enum {string} */
            source: "provider_api" | "upload";
            report_format: components["schemas"]["ReportFormat"];
            status: components["schemas"]["RunStatus"];
            /**
             * Format: int64
             * @description Records of the provider's report within the period and its margins.
             */
            provider_records: number;
            /**
             * Format: int64
             * @description Our records the run read.
             */
            our_records: number;
            counts: components["schemas"]["ReconciliationCounts"];
            changes: components["schemas"]["RunChanges"];
            /** @description Why a failed run failed. */
            failure: string | null;
            /**
             * Format: uuid
             * @description The operator who started it (null: the CLI without one).
             */
            operator_id: string | null;
            /**
             * Format: date-time
             * @description When it started.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When it completed or failed.
             */
            completed_at: string | null;
        };
        /** @description Our side: null when we have no record. */
        OurRecord: {
            /** @enum {string} */
            kind: "collection" | "refund" | "payout";
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            merchant_id: string;
            /**
             * Format: int64
             * @description Minor units.
             */
            amount: number;
            currency: components["schemas"]["Currency"];
            /** @description Our status (pending, success, failed, reversed; a payout queued or processing). */
            status: string;
            /**
             * Format: date-time
             * @description When we created it.
             */
            created_at: string;
        } | null;
        /** @description The provider's side: null when its report has no record. */
        ProviderRecord: {
            /** @enum {string} */
            kind: "collection" | "refund" | "payout";
            /**
             * Format: int64
             * @description Minor units.
             */
            amount: number;
            currency: components["schemas"]["Currency"];
            /** @enum {string} */
            status: "success" | "failed" | "pending";
            /**
             * Format: date-time
             * @description When the provider says it happened.
             */
            occurred_at: string;
        } | null;
        Correction: {
            /** @enum {string} */
            direction: "credit_wallet" | "debit_wallet";
            /** Format: uuid */
            wallet_id: string;
            /**
             * Format: int64
             * @description Minor units.
             */
            amount: number;
            currency: components["schemas"]["Currency"];
            /** @description The ledger transfer's id (128-bit, decimal). */
            ledger_transfer_id: string;
        } | null;
        Resolution: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            action: "accept" | "correct";
            reason: string;
            /** Format: uuid */
            operator_id: string;
            correction: components["schemas"]["Correction"];
            /**
             * Format: uuid
             * @description The run it was resolved in.
             */
            run_id: string;
            /**
             * Format: date-time
             * @description When.
             */
            created_at: string;
        } | null;
        ReconciliationItem: {
            /** Format: int64 */
            id: number;
            /** Format: uuid */
            run_id: string;
            /** @description The reference, and `#n` for its n-th duplicate: names the exception across runs. */
            item_key: string;
            class: components["schemas"]["ReconciliationClass"];
            reference: string;
            ours: components["schemas"]["OurRecord"];
            provider: components["schemas"]["ProviderRecord"];
            /** @description Every class but matched. */
            exception: boolean;
            resolution: components["schemas"]["Resolution"];
        };
        CorrectionCreate: {
            /** @enum {string} */
            direction: "credit_wallet" | "debit_wallet";
            /**
             * Format: int64
             * @description Minor units.
             */
            amount: number;
            /**
             * Format: uuid
             * @description Default: the item's merchant's wallet in the item's currency.
             */
            wallet_id?: string;
        };
        ReconciliationResolutionCreate: {
            /** @enum {string} */
            action: "accept" | "correct";
            /** @description Why, kept for audit; any text but the NUL character (U+0000). */
            reason: string;
            correction?: components["schemas"]["CorrectionCreate"];
        };
        ReconciliationRunEnvelope: {
            data: components["schemas"]["ReconciliationRun"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        ReconciliationRunListEnvelope: {
            data: components["schemas"]["ReconciliationRun"][];
            error: null;
            meta: components["schemas"]["PageMeta"];
        };
        ReconciliationItemEnvelope: {
            data: components["schemas"]["ReconciliationItem"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        ReconciliationItemListEnvelope: {
            data: components["schemas"]["ReconciliationItem"][];
            error: null;
            meta: components["schemas"]["PageMeta"];
        };
    };
    responses: {
        /** @description The wallet does not exist or belongs to another partner (RESOURCE_NOT_FOUND). A wallet named in the body is named in `details.fields`. */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "data": null,
                 *       "error": {
                 *         "code": "RESOURCE_NOT_FOUND",
                 *         "message": "The reconciliation run does not exist."
                 *       },
                 *       "meta": {
                 *         "request_id": "4f5a6b7c-8d9e-4f0a-9b1c-2d3e4f5a6b7c"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The request failed validation (VALIDATION_ERROR); `details.fields` lists each problem. Malformed JSON names the field `body`. */
        ValidationFailed: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "data": null,
                 *       "error": {
                 *         "code": "VALIDATION_ERROR",
                 *         "message": "The request is invalid.",
                 *         "details": {
                 *           "fields": [
                 *             {
                 *               "field": "currency",
                 *               "message": "must be 3 upper-case letters"
                 *             }
                 *           ]
                 *         }
                 *       },
                 *       "meta": {
                 *         "request_id": "6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The wallet's available balance does not cover the debit of the correction (INSUFFICIENT_FUNDS); nothing moved and nothing was recorded. */
        InsufficientFunds: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "data": null,
                 *       "error": {
                 *         "code": "INSUFFICIENT_FUNDS",
                 *         "message": "The wallet's available balance does not cover the correction; nothing moved."
                 *       },
                 *       "meta": {
                 *         "request_id": "5f6a7b8c-9d0e-4f1a-8b2c-3d4e5f6a7b8c"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /**
         * @description Too many requests (RATE_LIMITED): the budget of the current window is spent. Retry after the
         *     number of seconds in Retry-After, when the window ends.
         */
        RateLimited: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "data": null,
                 *       "error": {
                 *         "code": "RATE_LIMITED",
                 *         "message": "Rate limit exceeded; retry after the number of seconds in Retry-After."
                 *       },
                 *       "meta": {
                 *         "request_id": "7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The request body exceeds 1 MiB (PAYLOAD_TOO_LARGE). */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "data": null,
                 *       "error": {
                 *         "code": "PAYLOAD_TOO_LARGE",
                 *         "message": "The request body exceeds 1048576 bytes."
                 *       },
                 *       "meta": {
                 *         "request_id": "8d9e0f1a-2b3c-4d4e-9f5a-6b7c8d9e0f1a"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The request body is not `application/json` (UNSUPPORTED_MEDIA_TYPE). */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "data": null,
                 *       "error": {
                 *         "code": "UNSUPPORTED_MEDIA_TYPE",
                 *         "message": "Request bodies must be application/json."
                 *       },
                 *       "meta": {
                 *         "request_id": "9e0f1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Unexpected internal error (INTERNAL_ERROR); quote the request_id to support. */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "data": null,
                 *       "error": {
                 *         "code": "INTERNAL_ERROR",
                 *         "message": "An unexpected error occurred."
                 *       },
                 *       "meta": {
                 *         "request_id": "0f1a2b3c-4d5e-4f6a-9b7c-8d9e0f1a2b3c"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The provider's report API did not answer, or refused our credentials (RAIL_UNAVAILABLE): the run is kept as `failed`, its `failure` saying why; run the period again after Retry-After seconds. */
        ProviderUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "data": null,
                 *       "error": {
                 *         "code": "RAIL_UNAVAILABLE",
                 *         "message": "Paystack's report API did not give the period's report: Paystack answered 503. The run failed; run it again later."
                 *       },
                 *       "meta": {
                 *         "request_id": "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The operator key (Authorization: Bearer opk_...) is missing, malformed, unknown or revoked; a merchant or partner credential is never an operator key (AUTH_INVALID_KEY). */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "data": null,
                 *       "error": {
                 *         "code": "AUTH_INVALID_KEY",
                 *         "message": "The operator key is missing or invalid."
                 *       },
                 *       "meta": {
                 *         "request_id": "7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The exception was resolved before (EXCEPTION_ALREADY_RESOLVED); resolutions are never edited. */
        AlreadyResolved: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "data": null,
                 *       "error": {
                 *         "code": "EXCEPTION_ALREADY_RESOLVED",
                 *         "message": "The exception is resolved already; resolutions are never edited."
                 *       },
                 *       "meta": {
                 *         "request_id": "7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
    };
    parameters: {
        /**
         * @description Id of the run (UUID). A malformed id is 422.
         * @example 3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f
         */
        RunId: string;
        /**
         * @description The item's position in its run (its `id`).
         * @example 17
         */
        ItemId: number;
        /** @description Only runs of this provider. */
        ProviderFilter: components["schemas"]["Provider"];
        /** @description Only runs in this status. */
        RunStatusFilter: components["schemas"]["RunStatus"];
        /** @description Only items of this class. */
        ClassFilter: components["schemas"]["ReconciliationClass"];
        /** @description Only exceptions (every class but matched). Ignored when `class` is given. */
        ExceptionsOnly: boolean;
        /** @description Only open (unresolved) or resolved exceptions; `open` leaves matched items out too. */
        StateFilter: "open" | "resolved";
        /** @description Number of rows, 1 to 100, default 50. Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum). */
        Limit: number;
        /** @description Opaque token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered cursor, or another list's, is 422 (field `query.cursor`). */
        Cursor: string;
    };
    requestBodies: never;
    headers: {
        /** @description Id of this request, equal to `meta.request_id`; quote it to support. */
        "X-Request-Id": string;
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
        /**
         * @description The caller's rate-limit budget: how many requests it may make in one window
         *     (`RATE_LIMIT_BURST`, default 200). A window lasts `RATE_LIMIT_BURST / RATE_LIMIT_PER_SECOND`
         *     seconds, rounded up (default 2 s), and starts at the budget's first request after the last
         *     window ended; the budget is shared by every API process of the deployment
         *     (docs/decisions/0461 and 0520). Sent on every response to a request charged to a budget (an
         *     API key's, a partner key's, a refused authentication's, or a payer's address on the
         *     checkout endpoints), errors and 429 included, whenever rate limiting is on (the default).
         *     Absent when the deployment turns it off (`RATE_LIMIT_PER_SECOND=0`) and on refusals made
         *     before any budget is known (unknown route or method, a body over the size limit).
         */
        "RateLimit-Limit": number;
        /**
         * @description Requests left in the current window after this one, counted across every API process
         *     (0 on a 429). Sent with RateLimit-Limit.
         */
        "RateLimit-Remaining": number;
        /**
         * @description Whole seconds, rounded up, until the current window ends and the whole budget is back
         *     (on a 429, the same as Retry-After). Sent with RateLimit-Limit.
         */
        "RateLimit-Reset": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listReconciliationRuns: {
        parameters: {
            query?: {
                /** @description Only runs of this provider. */
                provider?: components["parameters"]["ProviderFilter"];
                /** @description Only runs in this status. */
                status?: components["parameters"]["RunStatusFilter"];
                /** @description Number of rows, 1 to 100, default 50. Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum). */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered cursor, or another list's, is 422 (field `query.cursor`). */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of runs. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f",
                     *           "provider": "sandbox",
                     *           "period_start": "2026-11-26T00:00:00Z",
                     *           "period_end": "2026-11-27T00:00:00Z",
                     *           "source": "provider_api",
                     *           "report_format": "sandbox_csv",
                     *           "status": "completed",
                     *           "provider_records": 1204,
                     *           "our_records": 1203,
                     *           "counts": {
                     *             "matched": 1198,
                     *             "missing_at_provider": 1,
                     *             "missing_here": 1,
                     *             "amount_mismatch": 1,
                     *             "currency_mismatch": 0,
                     *             "status_mismatch": 1,
                     *             "duplicate": 1,
                     *             "pending_within_window": 1
                     *           },
                     *           "changes": null,
                     *           "failure": null,
                     *           "operator_id": "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
                     *           "created_at": "2026-11-27T06:00:00Z",
                     *           "completed_at": "2026-11-27T06:00:04Z"
                     *         }
                     *       ],
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b",
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ReconciliationRunListEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createReconciliationRun: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "provider": "sandbox",
                 *       "period_start": "2026-11-26T00:00:00Z",
                 *       "period_end": "2026-11-27T00:00:00Z",
                 *       "source": {
                 *         "type": "provider_api"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ReconciliationRunCreate"];
            };
        };
        responses: {
            /** @description The completed run. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f",
                     *         "provider": "sandbox",
                     *         "period_start": "2026-11-26T00:00:00Z",
                     *         "period_end": "2026-11-27T00:00:00Z",
                     *         "source": "provider_api",
                     *         "report_format": "sandbox_csv",
                     *         "status": "completed",
                     *         "provider_records": 1204,
                     *         "our_records": 1203,
                     *         "counts": {
                     *           "matched": 1198,
                     *           "missing_at_provider": 1,
                     *           "missing_here": 1,
                     *           "amount_mismatch": 1,
                     *           "currency_mismatch": 0,
                     *           "status_mismatch": 1,
                     *           "duplicate": 1,
                     *           "pending_within_window": 1
                     *         },
                     *         "changes": null,
                     *         "failure": null,
                     *         "operator_id": "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
                     *         "created_at": "2026-11-27T06:00:00Z",
                     *         "completed_at": "2026-11-27T06:00:04Z"
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ReconciliationRunEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ProviderUnavailable"];
        };
    };
    getReconciliationRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the run (UUID). A malformed id is 422.
                 * @example 3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f
                 */
                run_id: components["parameters"]["RunId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f",
                     *         "provider": "sandbox",
                     *         "period_start": "2026-11-26T00:00:00Z",
                     *         "period_end": "2026-11-27T00:00:00Z",
                     *         "source": "provider_api",
                     *         "report_format": "sandbox_csv",
                     *         "status": "completed",
                     *         "provider_records": 1204,
                     *         "our_records": 1203,
                     *         "counts": {
                     *           "matched": 1198,
                     *           "missing_at_provider": 1,
                     *           "missing_here": 1,
                     *           "amount_mismatch": 1,
                     *           "currency_mismatch": 0,
                     *           "status_mismatch": 1,
                     *           "duplicate": 1,
                     *           "pending_within_window": 1
                     *         },
                     *         "changes": null,
                     *         "failure": null,
                     *         "operator_id": "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
                     *         "created_at": "2026-11-27T06:00:00Z",
                     *         "completed_at": "2026-11-27T06:00:04Z"
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ReconciliationRunEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listReconciliationItems: {
        parameters: {
            query?: {
                /** @description Only items of this class. */
                class?: components["parameters"]["ClassFilter"];
                /** @description Only exceptions (every class but matched). Ignored when `class` is given. */
                exceptions_only?: components["parameters"]["ExceptionsOnly"];
                /** @description Only open (unresolved) or resolved exceptions; `open` leaves matched items out too. */
                state?: components["parameters"]["StateFilter"];
                /** @description Number of rows, 1 to 100, default 50. Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum). */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered cursor, or another list's, is 422 (field `query.cursor`). */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /**
                 * @description Id of the run (UUID). A malformed id is 422.
                 * @example 3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f
                 */
                run_id: components["parameters"]["RunId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of items. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 17,
                     *           "run_id": "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f",
                     *           "item_key": "SBX-7KQ2M4XW9T",
                     *           "class": "status_mismatch",
                     *           "reference": "SBX-7KQ2M4XW9T",
                     *           "ours": {
                     *             "kind": "collection",
                     *             "id": "9b1c2d3e-4f5a-4b6c-8d7e-0f1a2b3c4d5e",
                     *             "merchant_id": "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
                     *             "amount": 150000,
                     *             "currency": "KES",
                     *             "status": "failed",
                     *             "created_at": "2026-11-26T09:12:00Z"
                     *           },
                     *           "provider": {
                     *             "kind": "collection",
                     *             "amount": 150000,
                     *             "currency": "KES",
                     *             "status": "success",
                     *             "occurred_at": "2026-11-26T09:12:01Z"
                     *           },
                     *           "exception": true,
                     *           "resolution": null
                     *         }
                     *       ],
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b",
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ReconciliationItemListEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getReconciliationItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the run (UUID). A malformed id is 422.
                 * @example 3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f
                 */
                run_id: components["parameters"]["RunId"];
                /**
                 * @description The item's position in its run (its `id`).
                 * @example 17
                 */
                item_id: components["parameters"]["ItemId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 17,
                     *         "run_id": "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f",
                     *         "item_key": "SBX-7KQ2M4XW9T",
                     *         "class": "status_mismatch",
                     *         "reference": "SBX-7KQ2M4XW9T",
                     *         "ours": {
                     *           "kind": "collection",
                     *           "id": "9b1c2d3e-4f5a-4b6c-8d7e-0f1a2b3c4d5e",
                     *           "merchant_id": "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
                     *           "amount": 150000,
                     *           "currency": "KES",
                     *           "status": "failed",
                     *           "created_at": "2026-11-26T09:12:00Z"
                     *         },
                     *         "provider": {
                     *           "kind": "collection",
                     *           "amount": 150000,
                     *           "currency": "KES",
                     *           "status": "success",
                     *           "occurred_at": "2026-11-26T09:12:01Z"
                     *         },
                     *         "exception": true,
                     *         "resolution": null
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ReconciliationItemEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    resolveReconciliationException: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the run (UUID). A malformed id is 422.
                 * @example 3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f
                 */
                run_id: components["parameters"]["RunId"];
                /**
                 * @description The item's position in its run (its `id`).
                 * @example 17
                 */
                item_id: components["parameters"]["ItemId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "action": "correct",
                 *       "reason": "Provider settled it; payer confirmed the debit (ticket 4411).",
                 *       "correction": {
                 *         "direction": "credit_wallet",
                 *         "amount": 150000
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ReconciliationResolutionCreate"];
            };
        };
        responses: {
            /** @description The item with its resolution. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": 17,
                     *         "run_id": "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f",
                     *         "item_key": "SBX-7KQ2M4XW9T",
                     *         "class": "status_mismatch",
                     *         "reference": "SBX-7KQ2M4XW9T",
                     *         "ours": {
                     *           "kind": "collection",
                     *           "id": "9b1c2d3e-4f5a-4b6c-8d7e-0f1a2b3c4d5e",
                     *           "merchant_id": "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
                     *           "amount": 150000,
                     *           "currency": "KES",
                     *           "status": "failed",
                     *           "created_at": "2026-11-26T09:12:00Z"
                     *         },
                     *         "provider": {
                     *           "kind": "collection",
                     *           "amount": 150000,
                     *           "currency": "KES",
                     *           "status": "success",
                     *           "occurred_at": "2026-11-26T09:12:01Z"
                     *         },
                     *         "exception": true,
                     *         "resolution": {
                     *           "id": "5d6e7f8a-9b0c-8d1e-8f2a-3b4c5d6e7f8a",
                     *           "action": "correct",
                     *           "reason": "Provider settled it; payer confirmed the debit (ticket 4411).",
                     *           "operator_id": "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
                     *           "correction": {
                     *             "direction": "credit_wallet",
                     *             "wallet_id": "6d7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f9a",
                     *             "amount": 150000,
                     *             "currency": "KES",
                     *             "ledger_transfer_id": "170141183460469231731687303715884105727"
                     *           },
                     *           "run_id": "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f",
                     *           "created_at": "2026-11-27T07:00:00Z"
                     *         }
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ReconciliationItemEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientFunds"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["AlreadyResolved"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
}
