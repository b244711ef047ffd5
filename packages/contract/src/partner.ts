/**
 * GENERATED from spec/partner.yaml by openapi-typescript 7.13.0 — do not edit.
 * Regenerate with `pnpm --filter @payagg/contract generate` (or scripts/generate.sh);
 * CI fails when this file differs from what the spec generates.
 */
export interface paths {
    "/wallets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a wallet
         * @description Creates a wallet for one of the partner's end users in one currency, with a zero balance
         *     and a unique account number. One wallet per (externalUserId, currency): a second one under
         *     another key is 409 `WALLET_EXISTS` naming `externalUserId` and the existing wallet's id.
         */
        post: operations["createPartnerWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallets/{walletId}/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a wallet's balance
         * @description The available balance of the wallet. Another partner's wallet reads as 404.
         */
        get: operations["getPartnerWalletBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallets/{walletId}/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a wallet's transactions
         * @description The wallet's movements, newest first, at most `limit` of them, read from the ledger: each
         *     row changed the available balance, and `balanceAfter` is the available balance right after
         *     it. Pass `meta.next_cursor` back as `cursor` for the next page (a page may hold fewer than
         *     `limit` rows and still have a next one). Another partner's wallet reads as 404.
         */
        get: operations["listPartnerWalletTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallets/{walletId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a wallet
         * @description The wallet with its account number and balances (from the ledger). Another partner's wallet reads as 404.
         */
        get: operations["getPartnerWallet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallets/{walletId}/deposits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deposit into a wallet (sandbox)
         * @description Credits the wallet with `amount` at once, from the sandbox's deposit clearing account (no
         *     real money moves). In production a deposit is a bank transfer to the wallet's account
         *     number, credited when the bank's inbound notification arrives; this endpoint is how the
         *     sandbox stands in for it. Idempotent on `X-Idempotency-Key`. Another partner's wallet is 404.
         *
         *     Sandbox only (x-addition): a live partner's key is refused with 403 `PERMISSION_DENIED`,
         *     and a production server (`PAYAGG_ENV=production`) does not have this operation at all: it
         *     answers 404 `RESOURCE_NOT_FOUND`, as for any path it does not serve.
         */
        post: operations["createPartnerDeposit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transfers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transfer between two wallets
         * @description Moves `amount` from one of the partner's wallets to another, atomically (both balances
         *     change or neither does). Each side is named by its id or by its account number (exactly
         *     one of the two). Both wallets must be the partner's (404 naming the field otherwise). The
         *     source must cover the amount (402 `INSUFFICIENT_FUNDS`, nothing moved); concurrent
         *     transfers out of one wallet never take it below zero. Idempotent on `X-Idempotency-Key`.
         *
         *     Wallets of two currencies need `fxRateLockId`, a lock from `POST /fx/rate-locks` whose
         *     base is the source's currency and quote the destination's (422 naming the destination
         *     without one, 422 naming `fxRateLockId` for a lock that is unknown, expired, used or of
         *     another pair, or given for wallets of one currency). `amount` leaves the source in its
         *     currency; the destination receives `toAmount` = amount x lockedRate in its currency,
         *     rounded down once to its minor unit (the fraction stays with the platform's FX position;
         *     an amount that converts to less than one minor unit, or to more than 9007199254740991, is
         *     422 naming `amount`).
         */
        post: operations["createPartnerTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payout-destinations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Tokenize a withdrawal destination
         * @description Takes a destination's details once (a mobile-money phone, a bank account, a card token)
         *     and answers the token withdrawals name, `destinationRef`. The details are kept encrypted
         *     and never returned: the resource shows a masked `label`. The same details (same type,
         *     country, currency and account) give the same destination again, so this needs no
         *     idempotency key. The fields of other destination types are ignored.
         */
        post: operations["createPartnerPayoutDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallets/{walletId}/withdrawals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw from a wallet to a payout destination
         * @description Reserves `amount` in the wallet at once (it leaves the available balance and is listed as
         *     a `withdrawal`), then sends it through the payout rail of the destination's type. The
         *     outcome arrives asynchronously: `status` goes from `pending` to `success`, or to `failed`
         *     with a `failureReason`, when the reservation is released back to the wallet (listed as a
         *     `withdrawal_reversal`). A transient rail failure is retried automatically. 402
         *     `INSUFFICIENT_FUNDS` when the available balance does not cover it (nothing reserved).
         *     `destinationRef` must be one of the partner's destinations (POST /payout-destinations) in
         *     the wallet's currency. Idempotent on `X-Idempotency-Key`. Another partner's wallet is 404.
         */
        post: operations["createPartnerWithdrawal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/withdrawals/{withdrawalId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a withdrawal
         * @description The withdrawal and its status. Another partner's withdrawal reads as 404.
         */
        get: operations["getPartnerWithdrawal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fx/rate-locks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lock an exchange rate for a cross-currency transfer
         * @description Locks the current rate from `baseCurrency` to `quoteCurrency` (the rate source's mid rate
         *     less the default margin, as the merchant API's rate locks) for 15 minutes. A transfer
         *     from a `baseCurrency` wallet to a `quoteCurrency` wallet names it in `fxRateLockId`; each
         *     lock converts one transfer. An unsupported currency or a pair of one currency is 422.
         */
        post: operations["createPartnerFxRateLock"];
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
         * @description The same closed set of error codes as the merchant API (see spec/merchant.yaml).
         * @enum {string}
         */
        ErrorCode: "AUTH_INVALID_KEY" | "AUTH_SIGNATURE_MISMATCH" | "VALIDATION_ERROR" | "IDEMPOTENCY_CONFLICT" | "INSUFFICIENT_FUNDS" | "RAIL_UNAVAILABLE" | "RATE_LIMITED" | "RESOURCE_NOT_FOUND" | "COMPLIANCE_HOLD" | "PERMISSION_DENIED" | "INTERNAL_ERROR" | "METHOD_NOT_ALLOWED" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "NOT_IMPLEMENTED" | "WALLET_EXISTS" | "BAD_REQUEST" | "REQUEST_TIMEOUT" | "URI_TOO_LONG" | "HEADERS_TOO_LARGE";
        /**
         * @description ISO 4217 currency code, 3 upper-case letters, one of the currencies the service supports:
         *     BWP, CDF, EGP, ETB, EUR, GBP, GHS, KES, MAD, MWK, MZN, NGN, RWF, TZS, UGX, USD, XAF, XOF,
         *     ZAR, ZMW, JPY, KWD (the ledger's currency table, as in the merchant API).
         * @example KES
         */
        Currency: string;
        /**
         * @description A currency the rate source quotes (the sandbox's table; the merchant API's GET /fx/rates quotes the same).
         * @example NGN
         */
        FxCurrency: string;
        /**
         * @description Balance in minor currency units; never negative; exact. The ledger keeps 128-bit balances,
         *     so a balance is a JSON integer of any size (as in the merchant API): in practice far below
         *     9007199254740991, which only a sum of deposits near the largest amount could pass.
         */
        Balance: number;
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
        PartnerWalletCreate: {
            /** @description The partner's own id of the end user (any text but the NUL character). */
            externalUserId: string;
            currency: components["schemas"]["Currency"];
        };
        PartnerWallet: {
            /** Format: uuid */
            id: string;
            externalUserId: string;
            currency: components["schemas"]["Currency"];
            accountNumber: components["schemas"]["AccountNumber"];
            availableBalance: components["schemas"]["Balance"];
            pendingBalance: components["schemas"]["Balance"];
            /** Format: date-time */
            createdAt: string;
        };
        PartnerWalletBalance: {
            /** Format: uuid */
            walletId: string;
            currency: components["schemas"]["Currency"];
            availableBalance: components["schemas"]["Balance"];
            pendingBalance: components["schemas"]["Balance"];
            /**
             * Format: date-time
             * @description When the balance last moved (when the wallet was opened, if it never has).
             */
            updatedAt: string;
        };
        /**
         * @description deposit and transfer_in credit the wallet; withdrawal and transfer_out debit it;
         *     withdrawal_reversal gives back the money of a withdrawal that failed (additive).
         * @enum {string}
         */
        PartnerWalletTransactionType: "deposit" | "withdrawal" | "transfer_in" | "transfer_out" | "withdrawal_reversal";
        /**
         * @description success (done), pending (a withdrawal the payout rail has not settled yet), failed (a withdrawal the rail refused; its money is back).
         * @enum {string}
         */
        PartnerMovementStatus: "pending" | "success" | "failed";
        PartnerWalletTransaction: {
            /**
             * Format: uuid
             * @description Id of this movement (its ledger transfer), unique across all wallets.
             */
            id: string;
            /**
             * Format: uuid
             * @description Id of the deposit, transfer or withdrawal it belongs to (the `id` its creation returned); both sides of a transfer carry the transfer's id, and a withdrawal_reversal its withdrawal's.
             */
            operationId: string;
            type: components["schemas"]["PartnerWalletTransactionType"];
            /**
             * Format: int64
             * @description Minor units, always positive; the direction follows from type.
             */
            amount: number;
            currency: components["schemas"]["Currency"];
            status: components["schemas"]["PartnerMovementStatus"];
            /** @description The partner's reference given when the movement was made. */
            reference: string;
            /** @description The other wallet's account number (transfers); null for deposits. */
            counterpartyAccountNumber: string | null;
            balanceAfter: components["schemas"]["Balance"];
            /** Format: date-time */
            createdAt: string;
        };
        /**
         * Format: int64
         * @description Minor currency units, at least 1, a safe integer.
         */
        Amount: number;
        /** @description The partner's own reference of the movement (shown in transaction lists); any text but the NUL character. */
        Reference: string;
        /** @description A wallet's account number, 10 digits, the last a NUBAN-style check digit (see the API description). */
        AccountNumber: string;
        PartnerDepositCreate: {
            amount: components["schemas"]["Amount"];
            reference: components["schemas"]["Reference"];
        };
        PartnerDeposit: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            walletId: string;
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            status: components["schemas"]["PartnerMovementStatus"];
            reference: string;
            /** Format: date-time */
            createdAt: string;
        };
        /** @description Name each side by exactly one of its id or its account number (422 naming the fields otherwise). */
        PartnerTransferCreate: {
            /** Format: uuid */
            fromWalletId?: string;
            fromAccountNumber?: components["schemas"]["AccountNumber"];
            /** Format: uuid */
            toWalletId?: string;
            toAccountNumber?: components["schemas"]["AccountNumber"];
            amount: components["schemas"]["Amount"];
            reference: components["schemas"]["Reference"];
            /**
             * Format: uuid
             * @description A rate lock of the partner (POST /fx/rate-locks) converting the source's currency to the destination's; only for wallets of two currencies.
             */
            fxRateLockId?: string;
        };
        PartnerTransfer: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            fromWalletId: string;
            fromAccountNumber: components["schemas"]["AccountNumber"];
            /** Format: uuid */
            toWalletId: string;
            toAccountNumber: components["schemas"]["AccountNumber"];
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            toAmount: components["schemas"]["Amount"];
            toCurrency: components["schemas"]["Currency"];
            /** @description The locked rate that converted (toCurrency per currency unit); null for wallets of one currency. */
            fxRate: number | null;
            /** Format: uuid */
            fxRateLockId: string | null;
            status: components["schemas"]["PartnerMovementStatus"];
            reference: string;
            /** Format: date-time */
            createdAt: string;
        };
        PartnerFxRateLockCreate: {
            baseCurrency: components["schemas"]["FxCurrency"];
            quoteCurrency: components["schemas"]["FxCurrency"];
        };
        PartnerFxRateLock: {
            /** Format: uuid */
            id: string;
            baseCurrency: components["schemas"]["Currency"];
            quoteCurrency: components["schemas"]["Currency"];
            /** @description quoteCurrency units per baseCurrency unit (major units), the margin applied. */
            lockedRate: number;
            /** Format: date-time */
            expiresAt: string;
            used: boolean;
        };
        /**
         * @description `phone` is required when `destinationType` is `mobile_money`; `bankCode` and
         *     `bankAccountNumber` when `bank`; `cardToken` when `card`. Fields of other types are
         *     accepted and ignored (never stored).
         */
        PartnerPayoutDestinationCreate: {
            /** @enum {string} */
            destinationType: "mobile_money" | "bank" | "card";
            /** @description ISO 3166-1 alpha-2 country code, one of the officially assigned codes (as the merchant API's Country). */
            country: string;
            currency: components["schemas"]["Currency"];
            /** @description Phone number (MSISDN) in international form, optional leading +, 7 to 15 digits. */
            phone?: string;
            bankCode?: string;
            bankAccountNumber?: string;
            bankAccountName?: string;
            cardToken?: string;
        } & (unknown & unknown & unknown);
        PartnerPayoutDestination: {
            /** Format: uuid */
            id: string;
            /** @description The token withdrawals name. */
            destinationRef: string;
            /** @enum {string} */
            destinationType: "mobile_money" | "bank" | "card";
            country: string;
            currency: components["schemas"]["Currency"];
            /** @description The last characters of the phone, account number or card token, masked (`****5678`). */
            label: string;
            /** Format: date-time */
            createdAt: string;
        };
        PartnerWithdrawalCreate: {
            amount: components["schemas"]["Amount"];
            /** @description A destination of the partner (POST /payout-destinations), in the wallet's currency. */
            destinationRef: string;
            reference: components["schemas"]["Reference"];
        };
        PartnerWithdrawal: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            walletId: string;
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            destinationRef: string;
            status: components["schemas"]["PartnerMovementStatus"];
            /** @description Why the rail refused it (invalid_account, account_closed, destination_limit_exceeded, retries_exhausted, send_declined); null unless failed. */
            failureReason: string | null;
            reference: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        PartnerWalletEnvelope: {
            data: components["schemas"]["PartnerWallet"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        PartnerWalletBalanceEnvelope: {
            data: components["schemas"]["PartnerWalletBalance"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        PartnerWalletTransactionListEnvelope: {
            data: components["schemas"]["PartnerWalletTransaction"][];
            error: null;
            meta: components["schemas"]["PageMeta"];
        };
        PartnerDepositEnvelope: {
            data: components["schemas"]["PartnerDeposit"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        PartnerTransferEnvelope: {
            data: components["schemas"]["PartnerTransfer"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        PartnerPayoutDestinationEnvelope: {
            data: components["schemas"]["PartnerPayoutDestination"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        PartnerWithdrawalEnvelope: {
            data: components["schemas"]["PartnerWithdrawal"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        PartnerFxRateLockEnvelope: {
            data: components["schemas"]["PartnerFxRateLock"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
    };
    responses: {
        /** @description The X-API-Key is missing, malformed, unknown, revoked or expired, or is a sandbox partner's key on a production server (AUTH_INVALID_KEY). */
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
                 *         "message": "The API key is missing or invalid."
                 *       },
                 *       "meta": {
                 *         "request_id": "3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
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
                 *         "message": "No such wallet."
                 *       },
                 *       "meta": {
                 *         "request_id": "4f5a6b7c-8d9e-4f0a-9b1c-2d3e4f5a6b7c"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /**
         * @description IDEMPOTENCY_CONFLICT, told apart by `details.reason` (decision 0420): `payload_mismatch`,
         *     the X-Idempotency-Key was already used with a different body (do not retry it), or
         *     `in_progress`, a request with this key is still running after the 15 s wait (retry with
         *     the same key after `Retry-After` seconds; only this one carries the header).
         */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                /** @description On `details.reason` `in_progress` only, seconds to wait before retrying with the same key. */
                "Retry-After"?: number;
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
                 *         "code": "IDEMPOTENCY_CONFLICT",
                 *         "message": "This X-Idempotency-Key was already used with a different request body.",
                 *         "details": {
                 *           "reason": "payload_mismatch"
                 *         }
                 *       },
                 *       "meta": {
                 *         "request_id": "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /**
         * @description IDEMPOTENCY_CONFLICT (`details.reason` `payload_mismatch`: the X-Idempotency-Key was already
         *     used with a different body; or `in_progress`, with `Retry-After`: still running); or
         *     WALLET_EXISTS: the partner already has a wallet for this externalUserId in this currency
         *     (under another key; the message and `details.fields[0]` name the existing wallet's id,
         *     read it with GET /wallets/{walletId}). Nothing was created.
         */
        WalletConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                /** @description On `details.reason` `in_progress` only, seconds to wait before retrying with the same key. */
                "Retry-After"?: number;
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
                 *         "code": "WALLET_EXISTS",
                 *         "message": "A wallet for this externalUserId and currency already exists: 9b1c2d3e-4f5a-4b6c-8d7e-0f1a2b3c4d5e.",
                 *         "details": {
                 *           "fields": [
                 *             {
                 *               "field": "body.externalUserId",
                 *               "message": "already has a wallet of this partner in this currency: 9b1c2d3e-4f5a-4b6c-8d7e-0f1a2b3c4d5e"
                 *             }
                 *           ]
                 *         }
                 *       },
                 *       "meta": {
                 *         "request_id": "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d"
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
        /** @description The source wallet's available balance does not cover the amount (INSUFFICIENT_FUNDS); nothing moved. */
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
                 *         "message": "The wallet's available balance does not cover the amount."
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
    };
    parameters: {
        /**
         * @description Client-generated key, unique per operation (a UUID v4 is suggested). Same key and body replays the original result; same key and a different body is 409 IDEMPOTENCY_CONFLICT. Scoped to the partner; retained 24 hours.
         * @example 2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a
         */
        IdempotencyKey: string;
        /**
         * @description Optional on creations that are not money movements (payout destinations, rate locks;
         *     decision 0422). Without it the request runs as before. With it, the first answer (200) is
         *     stored for 24 hours and a retry with the same key and payload answers it, so a client whose
         *     answer was lost may retry without creating a second resource; the same key with another
         *     payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason:
         *     payload_mismatch`). A refusal stores nothing and frees the key.
         * @example 2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a
         */
        OptionalIdempotencyKey: string;
        /**
         * @description Id of the wallet (UUID). A malformed id is 422.
         * @example 6d7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f9a
         */
        WalletId: string;
        /** @description Number of transactions, 1 to 100, default 50. Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum). */
        Limit: number;
        /** @description Opaque token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered cursor, or another wallet's, is 422 (field `query.cursor`). */
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
    createPartnerWallet: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Client-generated key, unique per operation (a UUID v4 is suggested). Same key and body replays the original result; same key and a different body is 409 IDEMPOTENCY_CONFLICT. Scoped to the partner; retained 24 hours.
                 * @example 2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a
                 */
                "X-Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "externalUserId": "user-48213",
                 *       "currency": "KES"
                 *     }
                 */
                "application/json": components["schemas"]["PartnerWalletCreate"];
            };
        };
        responses: {
            /** @description The new wallet (also returned unchanged on an idempotent replay). */
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
                     *         "id": "6d7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f9a",
                     *         "externalUserId": "user-48213",
                     *         "currency": "KES",
                     *         "accountNumber": "4012345678",
                     *         "availableBalance": 0,
                     *         "pendingBalance": 0,
                     *         "createdAt": "2026-11-22T17:30:00Z"
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PartnerWalletEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["WalletConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getPartnerWalletBalance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the wallet (UUID). A malformed id is 422.
                 * @example 6d7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f9a
                 */
                walletId: components["parameters"]["WalletId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The balance. */
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
                     *         "walletId": "6d7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f9a",
                     *         "currency": "KES",
                     *         "availableBalance": 250000,
                     *         "pendingBalance": 0,
                     *         "updatedAt": "2026-11-22T18:00:00Z"
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "8f9a0b1c-2d3e-4f4a-8b5c-6d7e8f9a0b1c"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PartnerWalletBalanceEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listPartnerWalletTransactions: {
        parameters: {
            query?: {
                /** @description Number of transactions, 1 to 100, default 50. Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum). */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered cursor, or another wallet's, is 422 (field `query.cursor`). */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /**
                 * @description Id of the wallet (UUID). A malformed id is 422.
                 * @example 6d7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f9a
                 */
                walletId: components["parameters"]["WalletId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transactions. */
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
                     *           "id": "9a0b1c2d-3e4f-4a5b-9c6d-7e8f9a0b1c2d",
                     *           "operationId": "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
                     *           "type": "transfer_out",
                     *           "amount": 50000,
                     *           "currency": "KES",
                     *           "status": "success",
                     *           "reference": "rent-november",
                     *           "counterpartyAccountNumber": "4012345678",
                     *           "balanceAfter": 250000,
                     *           "createdAt": "2026-11-22T18:00:00Z"
                     *         },
                     *         {
                     *           "id": "0b1c2d3e-4f5a-4b6c-8d7e-8f9a0b1c2d3e",
                     *           "operationId": "3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f",
                     *           "type": "deposit",
                     *           "amount": 300000,
                     *           "currency": "KES",
                     *           "status": "success",
                     *           "reference": "top-up-1",
                     *           "counterpartyAccountNumber": null,
                     *           "balanceAfter": 300000,
                     *           "createdAt": "2026-11-22T17:45:00Z"
                     *         }
                     *       ],
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "1c2d3e4f-5a6b-4c7d-9e8f-9a0b1c2d3e4f",
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PartnerWalletTransactionListEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getPartnerWallet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the wallet (UUID). A malformed id is 422.
                 * @example 6d7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f9a
                 */
                walletId: components["parameters"]["WalletId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The wallet. */
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
                     *         "id": "6d7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f9a",
                     *         "externalUserId": "user-48213",
                     *         "currency": "KES",
                     *         "accountNumber": "4012345678",
                     *         "availableBalance": 250000,
                     *         "pendingBalance": 0,
                     *         "createdAt": "2026-11-22T17:30:00Z"
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PartnerWalletEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createPartnerDeposit: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Client-generated key, unique per operation (a UUID v4 is suggested). Same key and body replays the original result; same key and a different body is 409 IDEMPOTENCY_CONFLICT. Scoped to the partner; retained 24 hours.
                 * @example 2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a
                 */
                "X-Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Id of the wallet (UUID). A malformed id is 422.
                 * @example 6d7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f9a
                 */
                walletId: components["parameters"]["WalletId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": 300000,
                 *       "reference": "top-up-1"
                 *     }
                 */
                "application/json": components["schemas"]["PartnerDepositCreate"];
            };
        };
        responses: {
            /** @description The deposit, already credited (also returned unchanged on an idempotent replay). */
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
                     *         "id": "3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f",
                     *         "walletId": "6d7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f9a",
                     *         "amount": 300000,
                     *         "currency": "KES",
                     *         "status": "success",
                     *         "reference": "top-up-1",
                     *         "createdAt": "2026-11-22T17:45:00Z"
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PartnerDepositEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The key is a live partner's; deposits are a sandbox helper (PERMISSION_DENIED). Nothing moved. */
            403: {
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
                     *         "code": "PERMISSION_DENIED",
                     *         "message": "Deposits are a sandbox helper, for sandbox partners only; a live wallet is funded by a bank transfer to its account number."
                     *       },
                     *       "meta": {
                     *         "request_id": "6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createPartnerTransfer: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Client-generated key, unique per operation (a UUID v4 is suggested). Same key and body replays the original result; same key and a different body is 409 IDEMPOTENCY_CONFLICT. Scoped to the partner; retained 24 hours.
                 * @example 2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a
                 */
                "X-Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "fromWalletId": "6d7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f9a",
                 *       "toAccountNumber": "4012345678",
                 *       "amount": 50000,
                 *       "reference": "rent-november"
                 *     }
                 */
                "application/json": components["schemas"]["PartnerTransferCreate"];
            };
        };
        responses: {
            /** @description The transfer, completed (also returned unchanged on an idempotent replay). */
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
                     *         "id": "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
                     *         "fromWalletId": "6d7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f9a",
                     *         "fromAccountNumber": "4098765432",
                     *         "toWalletId": "7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b",
                     *         "toAccountNumber": "4012345678",
                     *         "amount": 50000,
                     *         "currency": "KES",
                     *         "toAmount": 50000,
                     *         "toCurrency": "KES",
                     *         "fxRate": null,
                     *         "fxRateLockId": null,
                     *         "status": "success",
                     *         "reference": "rent-november",
                     *         "createdAt": "2026-11-22T18:00:00Z"
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PartnerTransferEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientFunds"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createPartnerPayoutDestination: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional on creations that are not money movements (payout destinations, rate locks;
                 *     decision 0422). Without it the request runs as before. With it, the first answer (200) is
                 *     stored for 24 hours and a retry with the same key and payload answers it, so a client whose
                 *     answer was lost may retry without creating a second resource; the same key with another
                 *     payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason:
                 *     payload_mismatch`). A refusal stores nothing and frees the key.
                 * @example 2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a
                 */
                "X-Idempotency-Key"?: components["parameters"]["OptionalIdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "destinationType": "mobile_money",
                 *       "country": "KE",
                 *       "currency": "KES",
                 *       "phone": "+254712345678"
                 *     }
                 */
                "application/json": components["schemas"]["PartnerPayoutDestinationCreate"];
            };
        };
        responses: {
            /** @description The destination (the existing one for details given before). */
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
                     *         "id": "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
                     *         "destinationRef": "dst_mm_k2v9x0a7b1c3d5e7f9g1h3",
                     *         "destinationType": "mobile_money",
                     *         "country": "KE",
                     *         "currency": "KES",
                     *         "label": "****5678",
                     *         "createdAt": "2026-11-22T18:10:00Z"
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "6a7b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9d"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PartnerPayoutDestinationEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createPartnerWithdrawal: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Client-generated key, unique per operation (a UUID v4 is suggested). Same key and body replays the original result; same key and a different body is 409 IDEMPOTENCY_CONFLICT. Scoped to the partner; retained 24 hours.
                 * @example 2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a
                 */
                "X-Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Id of the wallet (UUID). A malformed id is 422.
                 * @example 6d7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f9a
                 */
                walletId: components["parameters"]["WalletId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": 50000,
                 *       "destinationRef": "dst_mm_k2v9x0a7b1c3d5e7f9g1h3",
                 *       "reference": "cash-out-7"
                 *     }
                 */
                "application/json": components["schemas"]["PartnerWithdrawalCreate"];
            };
        };
        responses: {
            /** @description The withdrawal, reserved and pending (also returned unchanged on an idempotent replay). */
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
                     *         "id": "7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e",
                     *         "walletId": "6d7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f9a",
                     *         "amount": 50000,
                     *         "currency": "KES",
                     *         "destinationRef": "dst_mm_k2v9x0a7b1c3d5e7f9g1h3",
                     *         "status": "pending",
                     *         "failureReason": null,
                     *         "reference": "cash-out-7",
                     *         "createdAt": "2026-11-22T18:12:00Z",
                     *         "updatedAt": "2026-11-22T18:12:00Z"
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "7c8d9e0f-1a2b-4c3d-9e4f-5a6b7c8d9e0f"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PartnerWithdrawalEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["InsufficientFunds"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getPartnerWithdrawal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of the withdrawal (UUID). A malformed id is 422. */
                withdrawalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The withdrawal. */
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
                     *         "id": "7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e",
                     *         "walletId": "6d7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f9a",
                     *         "amount": 50000,
                     *         "currency": "KES",
                     *         "destinationRef": "dst_mm_k2v9x0a7b1c3d5e7f9g1h3",
                     *         "status": "success",
                     *         "failureReason": null,
                     *         "reference": "cash-out-7",
                     *         "createdAt": "2026-11-22T18:12:00Z",
                     *         "updatedAt": "2026-11-22T18:12:03Z"
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "8d9e0f1a-2b3c-4d4e-8f5a-6b7c8d9e0f1a"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PartnerWithdrawalEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createPartnerFxRateLock: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional on creations that are not money movements (payout destinations, rate locks;
                 *     decision 0422). Without it the request runs as before. With it, the first answer (200) is
                 *     stored for 24 hours and a retry with the same key and payload answers it, so a client whose
                 *     answer was lost may retry without creating a second resource; the same key with another
                 *     payload or on another path is 409 `IDEMPOTENCY_CONFLICT` (`details.reason:
                 *     payload_mismatch`). A refusal stores nothing and frees the key.
                 * @example 2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a
                 */
                "X-Idempotency-Key"?: components["parameters"]["OptionalIdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "baseCurrency": "KES",
                 *       "quoteCurrency": "NGN"
                 *     }
                 */
                "application/json": components["schemas"]["PartnerFxRateLockCreate"];
            };
        };
        responses: {
            /** @description The lock. */
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
                     *         "id": "8c9d0e1f-2a3b-4c4d-9e5f-6a7b8c9d0e1f",
                     *         "baseCurrency": "KES",
                     *         "quoteCurrency": "NGN",
                     *         "lockedRate": 11.6734,
                     *         "expiresAt": "2026-11-22T18:30:00Z",
                     *         "used": false
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "9e0f1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PartnerFxRateLockEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
}
