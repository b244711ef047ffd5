/**
 * GENERATED from spec/merchant.yaml by openapi-typescript 7.13.0 — do not edit.
 * Regenerate with `pnpm --filter @payagg/contract generate` (or scripts/generate.sh);
 * CI fails when this file differs from what the spec generates.
 */
export interface paths {
    "/collections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a collection
         * @description Collects `amount` from a payer over `rail`. The payer reference required depends on the
         *     rail: `payer_phone` for `mobile_money` and `ussd`, `payer_card_token` for `card`,
         *     `payer_account_ref` for `bank`; `qr` needs none. A missing required payer field is 422.
         *     The transaction is normally returned `pending`; the final status arrives asynchronously
         *     (webhook `transaction.success` or `transaction.failed`).
         */
        post: operations["createCollection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/collections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a collection
         * @description Returns the collection with this id. Another merchant's collection, or a transaction that is not a collection, reads as 404.
         */
        get: operations["getCollection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/collections/{id}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a collection
         * @description Refunds a successful collection fully or partially. An id that is not a collection of the
         *     merchant (another merchant's, or a refund or transfer) is 404. The body is optional: an
         *     omitted or null `amount` refunds the whole remaining amount. The amount must not exceed the original
         *     amount minus prior refunds (422 otherwise); a collection that is not `success` is 422
         *     (field `id`). A refund that covers the whole amount moves the collection to `reversed`.
         *     The wallet must cover the refund (402 `INSUFFICIENT_FUNDS` otherwise; nothing moves).
         *     Needs a write-capable key scope (`full` or `write`).
         *     Returns the refund transaction (`type = refund`, `parent_transaction_id` = collection id).
         */
        post: operations["createRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/checkout-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a hosted checkout session
         * @description Creates an `open` session the payer completes by choosing a rail. The response carries
         *     `client_token`, a bearer secret returned only here (and on an idempotent replay of this
         *     request), never again, and `checkout_url`, the hosted page to send the payer to (it
         *     carries the token in its fragment, so it is returned only here too). Sessions expire 30
         *     minutes after creation (`checkout_session_lifetime_s = 1800`). `allowed_rails` defaults to
         *     all rails.
         */
        post: operations["createCheckoutSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/checkout-sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a checkout session (payer)
         * @description Payer-facing read, authorised by the session's client_token in exactly one of the
         *     `X-Checkout-Token` header or the `client_token` query parameter. Neither or both: 422
         *     (field `client_token`). An unknown session and a wrong token both read as 404, so the
         *     existence of a session is never revealed. A session past `expires_at` reads as `expired`.
         *     `merchant_display_name` is the name the payer is paying; `payment` follows the collection
         *     the pay created (null until then), so the payer's page watches its status here.
         */
        get: operations["getCheckoutSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/checkout-sessions/{id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay a checkout session (payer)
         * @description The payer picks a rail from the session's `allowed_rails` (another rail is 422, field
         *     `rail`) and gives the payer reference it needs: `payer_phone` for `mobile_money` and
         *     `ussd`, `payer_card_token` for `card`, `payer_account_ref` for `bank`; `qr` needs none.
         *     Creates the collection through the same path as `POST /collections`, sets the session to
         *     `completed` and returns the transaction (`action_url` / `ussd_code` set when the payer
         *     must complete a challenge). A completed or expired session rejects the pay with 422
         *     `VALIDATION_ERROR` whose `details.fields` names `session`. Token rules as for the read:
         *     neither or both token forms is 422, a wrong token or unknown session is 404.
         */
        post: operations["payCheckoutSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List transactions
         * @description Collections, refunds and transfers of the merchant, newest first, filtered by the query. `date_from` and `date_to` bound `created_at` (inclusive); `date_from` after `date_to` is 422.
         */
        get: operations["listTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transactions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a transaction
         * @description Returns the transaction (collection, refund or transfer) with this id. Another merchant's transaction reads as 404.
         */
        get: operations["getTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sub-merchants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sub-merchants
         * @description Sub-merchants of the merchant, newest first.
         */
        get: operations["listSubMerchants"];
        put?: never;
        /**
         * Onboard a sub-merchant
         * @description Creates a sub-merchant (status `active`, `kyc_status` `pending`) and starts a KYC case for
         *     its tier (`tier_1` when omitted). The KYC provider decides asynchronously: the case moves to
         *     `verified`, `rejected` or `needs_review` (read it with `GET /sub-merchants/{id}/kyc`), and
         *     `verified` and `rejected` write the `kyc.verified` / `kyc.rejected` events (`needs_review`
         *     writes none; an operator settles it to `verified` or `rejected`, which writes the event).
         *     In the sandbox the provider answers after `SANDBOX_KYC_DELAY_MS` (default 3 s): `verified`,
         *     unless `display_name` contains one of the magic values `sandbox_kyc_rejected`,
         *     `sandbox_kyc_sanctions` (both `rejected`) or `sandbox_kyc_needs_review`.
         *     Until verified a sub-merchant may be named on collections within the `tier_1` limits and
         *     receive money into its wallet, but cannot be paid out; once verified its own tier's limits
         *     apply. Needs a write-capable key scope (`full` or `write`).
         */
        post: operations["createSubMerchant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sub-merchants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a sub-merchant
         * @description Returns the sub-merchant with this id. Another merchant's sub-merchant reads as 404.
         */
        get: operations["getSubMerchant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sub-merchants/{id}/kyc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a sub-merchant's KYC case
         * @description The KYC case that creation started: its tier, status, what the tier requires and what is
         *     still outstanding, the provider's or operator's reason, and when and by whom it was
         *     decided. Another merchant's sub-merchant reads as 404.
         */
        get: operations["getSubMerchantKyc"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sub-merchants/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend a sub-merchant
         * @description Sets `status` to `suspended`: collections naming it (direct and hosted checkout pay) and
         *     payouts from its wallets are refused with 403 `COMPLIANCE_HOLD` until it is reactivated.
         *     Reads, its wallets' balances and money already held are unaffected. Suspending a suspended
         *     sub-merchant changes nothing and returns it (200). The optional `reason` is kept in the
         *     sub-merchant's status history. Needs a write-capable key scope (`full` or `write`).
         */
        post: operations["suspendSubMerchant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sub-merchants/{id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reactivate a suspended sub-merchant
         * @description Sets `status` back to `active`. Reactivating an active sub-merchant changes nothing and
         *     returns it (200). Its KYC status is unchanged: a sub-merchant whose KYC is not `verified`
         *     still cannot be paid out. Needs a write-capable key scope (`full` or `write`).
         */
        post: operations["reactivateSubMerchant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List dashboard users
         * @description Every dashboard user of the caller's merchant (no paging parameters; unknown query
         *     parameters are ignored). Needs the `team:read` permission, held by the roles admin,
         *     finance, read_only and compliance; otherwise 403 `PERMISSION_DENIED`.
         */
        get: operations["listUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List wallets
         * @description Wallets of the merchant (one per currency) and of its sub-merchants, newest first.
         *     `owner_id` filters to one owner (an owner that is not the merchant or one of its
         *     sub-merchants gives an empty list). A wallet is opened on first need: the merchant's when
         *     its first collection in that currency succeeds, a sub-merchant's when money in that
         *     currency is first credited to it. Balances are read from the ledger at request time.
         */
        get: operations["listWallets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallets/{id}/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a wallet's balance
         * @description Returns the wallet with its current balances, read from the ledger: `available_balance`
         *     (spendable now; the only part that can be paid out) and `pending_balance` (escrowed or
         *     uncleared money held for it). Another merchant's wallet reads as 404.
         *     With `at`, the balances as they were at that instant (after every movement at or before
         *     it; zero before the wallet's first movement); `updated_at` is then `at`.
         */
        get: operations["getWalletBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallets/{id}/entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a wallet's entries (statement)
         * @description The wallet's movements from the ledger, newest first: each with its amount, direction,
         *     what it did (`phase`), the wallet's balances right after it, and the transaction, payout
         *     or hold it belongs to. The statement a finance team reconciles against: the newest
         *     entry's balances equal the wallet's balances, and each entry's balances follow from the
         *     previous entry's by its amount. A page costs the same however long the wallet's history
         *     (index range reads of the ledger). Another merchant's wallet reads as 404; a cursor of
         *     another wallet's statement is 422.
         */
        get: operations["listWalletEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallets/{id}/statement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a wallet's daily statement
         * @description The wallet's balances per UTC day over a period, read from the ledger: each day's opening
         *     balances (at the end of the day before), closing balances (after its last movement),
         *     the money posted in (`credits`) and out (`debits`) that day, and how many movements it
         *     had. Holds move money between available and pending without being credits or debits:
         *     closing_available = opening_available + credits - debits - (holds made) + (holds voided).
         *     The merchant's wallets and its sub-merchants'; another merchant's wallet reads as 404.
         */
        get: operations["getWalletStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallets/{id}/statement.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export a wallet's statement as CSV
         * @description Every movement of the wallet over the period (UTC days, as GET /wallets/{id}/statement),
         *     oldest first, as RFC 4180 CSV (CRLF line ends, a header row, fields quoted when they hold
         *     a comma, quote or line break). Columns: created_at, entry_id, type, phase, direction,
         *     amount, currency, available_balance_after, pending_balance_after, transaction_id,
         *     payout_id, fx_conversion_id, dispute_id, hold_id: the fields of a WalletEntry, amounts in
         *     integer minor units. A cell that would begin with `=`, `+`, `-` or `@` is written with a
         *     leading `'` so a spreadsheet never runs it as a formula. Errors are JSON envelopes.
         */
        get: operations["exportWalletStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/split-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List split rules
         * @description Split rules of the merchant, newest first.
         */
        get: operations["listSplitRules"];
        put?: never;
        /**
         * Create a split rule
         * @description Creates an active split rule. `currency` is required when `rule_type` is `flat` (the
         *     currency of the flat values) and is omitted or null otherwise. For `percentage` (and
         *     `tiered`) rules each recipient `value` is a share in percent (greater than 0, at most
         *     100; the shares of a rule add up to at most 100, else 422); for `flat` rules `value` is an
         *     integer amount in minor units (at least 1). A `sub_merchant` recipient without
         *     `recipient_id` means the sub-merchant each payment is attributed to (its
         *     `sub_merchant_id`), so one rule serves every seller of a marketplace; with one it names a
         *     fixed sub-merchant of the merchant (unknown: 422). `platform` and `tax` recipients are the
         *     merchant's own platform and tax wallets and carry no `recipient_id`. Whatever the
         *     recipients do not take goes to the merchant's own wallet. A `tiered` rule gives each
         *     recipient its share below the first band in `value`, and in `tiers` the shares from each
         *     band's `min_amount` up (currency required: the bands are amounts). Percent shares have
         *     at most 2 decimal places. Legs are computed with the largest-remainder method
         *     (docs/split-settlement.md); a rule is never edited: deactivate it and create another.
         *     An optional Idempotency-Key makes a retry safe: it answers the rule the key's first
         *     request created (decision 0422).
         */
        post: operations["createSplitRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/split-rules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a split rule
         * @description Returns the split rule with this id. Another merchant's rule reads as 404.
         */
        get: operations["getSplitRule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/split-rules/{id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a split rule
         * @description Sets `active` to false: new collections and checkout sessions naming it are refused with
         *     422. Payments already made with it keep their legs (computed when the payment was
         *     created), so their settlement, escrow and refunds are unaffected. A rule is never edited
         *     in place: deactivate it and create a new one. Deactivating an inactive rule changes
         *     nothing and returns it (200).
         */
        post: operations["deactivateSplitRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/escrow-holds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List escrow holds
         * @description The merchant's escrow holds, newest first: one per escrowed leg of a settled payment
         *     (a split rule's escrow recipient, or the merchant's leg of a `hold_in_escrow` payment).
         */
        get: operations["listEscrowHolds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/escrow-holds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an escrow hold
         * @description Returns the escrow hold with this id. Another merchant's hold reads as 404.
         */
        get: operations["getEscrowHold"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/escrow-holds/{id}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Release an escrow hold
         * @description Moves the held amount from the recipient wallet's `pending_balance` into its
         *     `available_balance` (the ledger posts the pending transfer) and sends `escrow.released`.
         *     Any release condition may be released by hand. A hold that is no longer held (released,
         *     returned, or taken back whole by a refund) is 409 `ESCROW_HOLD_NOT_HELD` and nothing
         *     moves; a release racing a return or a refund ends in exactly one of them.
         */
        post: operations["releaseEscrowHold"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/escrow-holds/{id}/return": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Return an escrow hold
         * @description Gives the held amount back to the payer: a refund of the collection for the hold's leg
         *     (a Transaction of type `refund`, `parent_transaction_id` the collection, `refund_reason`
         *     `escrow hold {id} returned`) is initiated on the collection's rail, and the hold, taken out
         *     of the recipient wallet's `pending_balance`, answers `returned` (amount 0) with
         *     `escrow.returned`. The refund then settles like any refund (`transaction.success`, and
         *     `transaction.reversed` on the collection when nothing is left to refund); if the rail
         *     fails it, the hold is held again (`escrow.held`). A hold that is no longer held is 409
         *     `ESCROW_HOLD_NOT_HELD`, a collection with an open dispute 409 `TRANSACTION_DISPUTED`, a
         *     rail that refuses the refund 503 `RAIL_UNAVAILABLE`: nothing moves. A return whose rail
         *     call did not finish is finished by the next return of the hold (same refund).
         */
        post: operations["returnEscrowHold"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/collections/{id}/delivery-confirmation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm delivery of a collection's goods
         * @description Releases every hold of this collection whose condition is `delivery_confirmation` and that
         *     is still held (`escrow.released` for each) and returns the collection's holds, whatever
         *     their status. Confirming twice releases nothing more and answers the same way (200). The
         *     collection must be successful (else 422, field `path.id`).
         */
        post: operations["confirmCollectionDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payouts
         * @description Payouts of the merchant's wallets (single and batch members), newest first.
         */
        get: operations["listPayouts"];
        put?: never;
        /**
         * Create a payout
         * @description Pays out from a wallet's available balance. Created `queued` (event `payout.queued`);
         *     if the wallet cannot cover the amount the request fails at once with 402
         *     `INSUFFICIENT_FUNDS` and no payout is created. `scheduled_at` (in the future and at most
         *     365 days ahead, else 422) defers sending; omitted means send now. A payout that fails transiently at the rail is
         *     retried automatically at most 3 times (`retry_count`) before it becomes `failed`. A payout in a currency other than the wallet's
         *     needs `fx_rate_lock_id` (an unused, unexpired lock for wallet currency -> payout
         *     currency), else 422 naming `body.fx_rate_lock_id` (also when the lock is expired, used,
         *     of another pair, or given for a payout in the wallet's currency). The lock is used by this
         *     payout in the same transaction that reserves its money: of two payouts racing for one
         *     lock exactly one is created. The wallet is charged `source_amount` = `amount / fx_rate`
         *     rounded up to its minor unit (docs/fx.md); that is what 402 compares with the balance.
         *     Needs the payout scope (`payout_only` or `full`).
         */
        post: operations["createPayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a payout
         * @description Returns the payout with this id. Another merchant's payout reads as 404.
         */
        get: operations["getPayout"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a bulk payout
         * @description Creates a batch of 1 to 1000 payouts from one wallet, atomically: either every payout is
         *     created (and its amount reserved) or none is. If the wallet cannot cover the total the
         *     request fails with 402 `INSUFFICIENT_FUNDS`. An item in another currency than the
         *     wallet's needs its own `fx_rate_lock_id` (wallet currency -> the item's currency), as a
         *     single payout does (422 naming `body.payouts[i].fx_rate_lock_id` otherwise); the total
         *     compared with the balance, and the batch's `total_amount`, is the sum of the items'
         *     `source_amount` (in the wallet's currency). Members are readable through `GET /payouts?wallet_id=...` and
         *     `GET /payouts/batches/{id}`. Needs the payout scope (`payout_only` or `full`).
         */
        post: operations["createPayoutBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts/batches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a payout batch
         * @description Returns the batch with all its payouts. Another merchant's batch reads as 404.
         */
        get: operations["getPayoutBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a queued payout
         * @description Cancels a payout that is still `queued` (typically one scheduled for later): its
         *     reservation is voided (the money is back in the wallet's `available_balance`), it becomes
         *     `failed` with `failure_reason` `cancelled`, and `payout.failed` is emitted. A payout that
         *     is already `processing`, `success` or `failed` cannot be cancelled (422 on `path.id`).
         *     Cancelling a payout already cancelled returns it unchanged (200). Another merchant's
         *     payout reads as 404. Needs the payout scope (`payout_only` or `full`).
         */
        post: operations["cancelPayout"];
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
         * Tokenize a payout destination
         * @description Takes a destination's details once and returns its token, `destination_ref`, which
         *     payouts name instead of the details (raw phone, account and card numbers are never sent
         *     to the payout endpoints). Per `destination_type`: `phone` for `mobile_money`;
         *     `bank_code` and `account_number` (optionally `account_name`) for `bank`; `card_token` for
         *     `card` (a card tokenization reference, never a raw card number). Fields of other types
         *     are accepted and ignored. The same details for the same merchant return the same
         *     destination (200 both times), as recipient codes do. The details are encrypted at rest
         *     and never returned or logged: the response carries a masked `label` (`****6789`).
         *     Needs the payout scope (`payout_only` or `full`).
         */
        post: operations["createPayoutDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payout-destinations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a payout destination
         * @description Returns the destination (never its details). Another merchant's destination reads as 404.
         */
        get: operations["getPayoutDestination"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description The endpoints of the merchant, oldest first; deleted ones are not listed, disabled ones are (with `active` false and a `disabled_reason`). Secrets are never returned.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Registers an endpoint for the given event types. The URL must be publicly resolvable:
         *     an IP address, or a name resolving to one, that is loopback, private (10/8, 172.16/12,
         *     192.168/16), link-local or cloud metadata (169.254/16), CGNAT (100.64/10), unspecified,
         *     multicast, broadcast, reserved or documentation, IPv6 unique-local or link-local, or an
         *     IPv4-mapped (or otherwise IPv4-embedding) IPv6 form of any of these, is rejected with 422
         *     naming `url`, as are `localhost`, credentials in the URL and, in production, `http`. A name
         *     that does not resolve yet is accepted (it can reach nothing; every delivery checks the
         *     address it actually connects to). The response carries `signing_secret`, returned only here.
         *     A merchant has at most 100 endpoints (deleted ones do not count; disabled ones do): the
         *     101st is 409 `WEBHOOK_ENDPOINT_LIMIT_REACHED` with `details.limit`, so `GET /webhooks`
         *     always lists them all on one page.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description One endpoint (never its secret), disabled ones included; a deleted one is 404.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Soft delete; the endpoint stops receiving deliveries (its pending ones are not attempted) and no longer appears in the list. Deleting an already deleted endpoint is 404.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an endpoint's signing secret
         * @description Issues a new signing secret, returned only here. For an overlap of 24 hours
         *     (`webhook_secret_overlap_s = 86400`, ending at `previous_secret_expires_at`) every delivery
         *     carries two signatures in `X-Service-Signature`, comma-separated: the new secret's first,
         *     then the previous one's. A receiver that accepts either (the SDK verifiers do) can switch
         *     secrets at any moment of the overlap. Rotating again during an overlap drops the oldest secret.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-enable a disabled endpoint
         * @description An endpoint whose every attempt failed for 5 days (`webhook_disable_after_failing_s =
         *     432000`) is disabled: `active: false` with a `disabled_reason`, and it receives no new
         *     deliveries. This call makes it active again; its deliveries still pending are attempted at
         *     once, and events it missed can be read with `GET /events`. Enabling an active endpoint
         *     changes nothing.
         */
        post: operations["enableWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an endpoint's deliveries
         * @description The delivery history of one endpoint, newest first: one delivery per event sent to it,
         *     with its status and its latest attempt. `pending`: not attempted yet (or a manual retry
         *     waits); `failed`: the last attempt failed and another is scheduled at `next_attempt_at`;
         *     `succeeded`: a 2xx came back; `exhausted`: 6 attempts failed, the delivery is in the
         *     dead-letter store and is not retried unless asked (`POST .../retry`).
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver again now
         * @description Makes the delivery's next attempt due now, whatever its status (a `succeeded` one is sent
         *     again; an `exhausted` one is replayed from the dead-letter store). The delivery becomes
         *     `pending`; if that attempt fails, a delivery with attempts left follows the schedule from
         *     there, one with 6 or more attempts is `exhausted` again. The endpoint must be active
         *     (422 naming `id` when disabled: re-enable it first).
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description The events of the merchant, newest first, exactly as webhooks carry them (same `id`,
         *     `type`, `created_at` and `data`): a receiver that missed deliveries (an outage, a disabled
         *     endpoint) catches up here and deduplicates on `id`. Kept as long as the outbox.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an event */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fx/rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an exchange rate
         * @description Current rate for one unit of `base_currency` in `quote_currency`, the merchant's margin
         *     included (`margin_bps`, set per merchant by the operator; `fx_margin_bps_default = 150`).
         *     The rate is an exact decimal of at most 10 significant digits
         *     (`fx_rate_significant_digits = 10`), the one a lock of the pair made now would hold;
         *     `effective_at` is when the rate source started quoting it (the sandbox's rates move every
         *     minute). A currency the rate source does not quote is 422 naming its field
         *     (`query.base_currency` or `query.quote_currency`); the same currency twice is 422 (field
         *     `query.quote_currency`). Supported: KES, UGX, TZS, RWF, NGN, GHS, ZAR, XOF, EGP, USD, EUR,
         *     GBP (any pair of them).
         */
        get: operations["getFxRate"];
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
         * Lock an exchange rate
         * @description Locks the current rate of a pair for 15 minutes (`fx_rate_lock_lifetime_s = 900`, a
         *     deployment setting); a lock is used by at most one payout (`fx_rate_lock_id` of
         *     `POST /payouts`) and stays used whatever becomes of that payout. `locked_rate` is the rate
         *     `GET /fx/rates` gives this merchant at the same instant, margin included. An unsupported
         *     pair or the same currency twice is 422 naming the field (`body.base_currency` or
         *     `body.quote_currency`).
         */
        post: operations["createFxRateLock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disputes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List disputes
         * @description The merchant's disputes (chargebacks), newest first. A dispute takes its amount out of the
         *     merchant wallet's `available_balance` while it is `open`; `won` gives it back, `lost` sends
         *     it to the payer (docs/disputes.md).
         */
        get: operations["listDisputes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disputes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a dispute
         * @description Returns the dispute with this id. Another merchant's dispute reads as 404.
         */
        get: operations["getDispute"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/disputes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a dispute (sandbox test helper)
         * @description Sandbox only: plays a payer's chargeback on a successful collection, as a card network or
         *     mobile-money provider would report it. A live key is 403 `PERMISSION_DENIED` (in
         *     production disputes come from the rails, never from this call). An optional Idempotency-Key
         *     makes a retry safe: it answers the dispute the key's first request opened.
         *     A production server (`PAYAGG_ENV=production`) does not have this operation: 404 `RESOURCE_NOT_FOUND`.
         *
         *     `amount` defaults to what is still disputable: the collection's amount minus its refunds
         *     (pending or done) and minus every earlier dispute's amount (each minor unit can be disputed
         *     once). More than that is 422 (`body.amount`); nothing left is 422 (`body.transaction_id`).
         *     A collection that is not `success` (or `reversed`) is 422 (`body.transaction_id`);
         *     another merchant's or an unknown one is 404. One dispute is open per collection at a
         *     time: a second is 409 `DISPUTE_ALREADY_OPEN`.
         *
         *     The amount leaves the merchant wallet's `available_balance` at once (a ledger hold, wallet
         *     entry type `dispute`, phase `held`) and `dispute.opened` is sent. A wallet whose available
         *     balance cannot cover it is 402 `INSUFFICIENT_FUNDS` and nothing is opened (wallets never
         *     go below zero; docs/decisions/0281). While the dispute is open, refunds of the collection
         *     are 409 `TRANSACTION_DISPUTED`.
         */
        post: operations["createSandboxDispute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/disputes/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve a dispute (sandbox test helper)
         * @description Sandbox only (a live key is 403 `PERMISSION_DENIED`): plays the network's decision on an
         *     open dispute. `won`: the held amount goes back to the merchant wallet's
         *     `available_balance` (the hold is voided). `lost`: the held amount leaves to the payer
         *     through the rail (the hold is posted). Either way `dispute.resolved` is sent with the
         *     outcome. A dispute that is no longer open is 409 `DISPUTE_ALREADY_RESOLVED` and nothing
         *     moves; of two concurrent resolutions exactly one succeeds. Another merchant's dispute is
         *     404. An optional Idempotency-Key makes a retry safe: it answers what the key's first
         *     request answered (decision 0422).
         *     A production server (`PAYAGG_ENV=production`) does not have this operation: 404 `RESOURCE_NOT_FOUND`.
         */
        post: operations["resolveSandboxDispute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    event: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Event delivered to a registered endpoint
         * @description Sent by PayAgg to each active endpoint subscribed to the event type. Headers:
         *     `Content-Type: application/json`, a `User-Agent` naming the webhook service,
         *     `X-Service-Timestamp` (Unix seconds) and `X-Service-Signature` (lowercase hex HMAC-SHA256
         *     keyed with the endpoint's signing secret over `timestamp + "." + raw_body`). Verify on the
         *     raw bytes before parsing, reject a timestamp more than 300 s from your clock, compare in
         *     constant time, and deduplicate on `id` (also sent as `X-Service-Event-Id`). Any 2xx
         *     acknowledges; anything else, a timeout (10 s) or a connection error is retried: 6 attempts
         *     in all, waiting 60, 300, 1800, 7200 and 28800 s (longer when a 429 or 503 answer's
         *     `Retry-After` asks for it, up to 28800 s); after that the delivery is `exhausted`.
         *     Redirects are not followed. During a secret rotation's overlap `X-Service-Signature`
         *     carries two comma-separated signatures (new secret first); accept the delivery when any
         *     one matches. `data.sequence` orders the events of one resource.
         */
        post: operations["receiveWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description Payment rail.
         * @enum {string}
         */
        Rail: "mobile_money" | "card" | "bank" | "ussd" | "qr";
        /**
         * @description pending -> success | failed; a collection fully refunded moves success -> reversed.
         * @enum {string}
         */
        TransactionStatus: "pending" | "success" | "failed" | "reversed";
        /** @enum {string} */
        TransactionType: "collection" | "refund" | "transfer";
        /**
         * @description open -> completed (paid) | expired (past expires_at). cancelled is reserved; no operation of v1 cancels a session.
         * @enum {string}
         */
        CheckoutSessionStatus: "open" | "completed" | "expired" | "cancelled";
        /**
         * @description Starts pending on creation.
         * @enum {string}
         */
        KycStatus: "pending" | "verified" | "rejected" | "needs_review";
        /**
         * @description tier_1 (basic: legal name and phone number) and tier_2 (full: tier_1 plus a government ID
         *     for individuals or a business registration for businesses, and a proof of address). Each
         *     tier has per-collection and wallet balance limits (docs/sub-merchants.md).
         * @enum {string}
         */
        KycTier: "tier_1" | "tier_2";
        /**
         * @description Something a KYC tier requires the provider to verify.
         * @enum {string}
         */
        KycRequirement: "legal_name" | "phone_number" | "government_id" | "business_registration" | "proof_of_address";
        /**
         * @description Who decided a KYC case - the KYC provider, or an operator settling a needs_review case.
         * @enum {string}
         */
        KycDecidedBy: "provider" | "operator";
        /**
         * @description What the money movement is: `collection` (a settled collection), `escrow` (a collection's
         *     escrow hold, its release or its return), `refund` (a refund's reservation, posting or
         *     release), `payout` (a payout's reservation, posting or release), `fx_conversion`, or
         *     `other` (a movement of a kind this version does not name); `dispute` (a dispute's hold
         *     out of the merchant wallet, its return when won, its posting to the payer when lost).
         * @enum {string}
         */
        WalletEntryType: "collection" | "escrow" | "refund" | "payout" | "fx_conversion" | "other" | "dispute";
        /**
         * @description What the movement did: `posted` moved available money at once; `held` put money on hold
         *     (a credit into `pending_balance`, or a debit reserved out of `available_balance`);
         *     `hold_posted` completed a hold (an escrow released into `available_balance`, a reserved
         *     refund or payout sent); `hold_voided` cancelled a hold (an escrow returned, a reserved
         *     refund or payout given back to `available_balance`).
         * @enum {string}
         */
        WalletEntryPhase: "posted" | "held" | "hold_posted" | "hold_voided";
        /**
         * @description queued -> processing -> success | failed. Each transition emits the matching payout.* event.
         * @enum {string}
         */
        PayoutStatus: "queued" | "processing" | "success" | "failed";
        /**
         * @description processing while any member is queued or processing; then completed when every member succeeded, else partially_failed.
         * @enum {string}
         */
        PayoutBatchStatus: "processing" | "completed" | "partially_failed";
        /** @enum {string} */
        DestinationType: "mobile_money" | "bank" | "card";
        /** @enum {string} */
        SplitRuleType: "percentage" | "flat" | "tiered";
        /** @enum {string} */
        RecipientType: "platform" | "sub_merchant" | "tax";
        /** @enum {string} */
        EscrowReleaseCondition: "manual" | "auto_timeout" | "delivery_confirmation";
        /** @enum {string} */
        SubMerchantType: "individual" | "business";
        /** @enum {string} */
        SubMerchantStatus: "active" | "suspended";
        /** @enum {string} */
        UserRole: "admin" | "finance" | "read_only" | "compliance";
        /** @enum {string} */
        UserStatus: "active" | "disabled";
        /** @enum {string} */
        WalletOwnerType: "merchant" | "sub_merchant" | "platform";
        /**
         * @description pending (no attempt yet, or a manual retry waits) -> succeeded | failed (retry scheduled) -> ... -> exhausted (6 attempts failed; dead-letter store).
         * @enum {string}
         */
        WebhookDeliveryStatus: "pending" | "succeeded" | "failed" | "exhausted";
        /** @description One event sent to one endpoint, with its latest attempt. Response bodies are stored as a truncated snippet (at most 1024 characters) and never parsed. */
        WebhookDelivery: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            endpoint_id: string;
            /** Format: uuid */
            event_id: string;
            event_type: components["schemas"]["WebhookEventType"];
            status: components["schemas"]["WebhookDeliveryStatus"];
            /**
             * Format: int32
             * @description Attempts made so far (automatic and manual). At most 6 automatic attempts, counted when each starts, so an attempt interrupted before its outcome was recorded counts too; each manual retry allows one more.
             */
            attempt_count: number;
            /**
             * Format: int32
             * @description HTTP status of the last attempt's answer; null when none came (timeout, connection error) or before the first attempt.
             */
            last_response_code: number | null;
            /** @description The first characters (at most 1024 code points) of the last answer's body, decoded as UTF-8; bytes that are not valid UTF-8, and NUL, appear as U+FFFD. Never parsed. */
            last_response_snippet: string | null;
            /** @description Why the last attempt failed (timeout, connection refused, redirect refused, address not allowed, non-2xx answer, an answer that is not valid HTTP, no attempts left after an interrupted one); null after a success. */
            last_error: string | null;
            /**
             * Format: date-time
             * @description When the next attempt is due; null once succeeded or exhausted.
             */
            next_attempt_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * Format: int64
         * @description 1, 2, 3... for the events of one resource (the transaction of transaction.* and escrow.*, the payout, the dispute, the sub-merchant of kyc.*), in the order they happened. Keep the highest seen per resource and drop an event with a lower one that arrives late.
         */
        EventSequence: number;
        /** @description data of payout.* events. */
        PayoutEventData: {
            /** Format: uuid */
            payout_id: string;
            /** Format: uuid */
            merchant_id: string;
            /** Format: uuid */
            wallet_id: string;
            /** Format: uuid */
            batch_id?: string | null;
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            status: components["schemas"]["PayoutStatus"];
            failure_reason?: string | null;
            /** Format: date-time */
            occurred_at: string;
            sequence: components["schemas"]["EventSequence"];
        };
        /** @description data of escrow.* events; the held money is part of the transaction, whose events carry the sequence. */
        EscrowEventData: {
            /**
             * Format: uuid
             * @description The escrow hold (GET /escrow-holds/{id}).
             */
            escrow_hold_id?: string;
            /**
             * @description Whose leg is held.
             * @enum {string}
             */
            recipient_type?: "merchant" | "platform" | "sub_merchant" | "tax";
            /** Format: uuid */
            transaction_id: string;
            /** Format: uuid */
            merchant_id: string;
            /** Format: uuid */
            wallet_id: string;
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            /** Format: date-time */
            occurred_at: string;
            sequence: components["schemas"]["EventSequence"];
        };
        /** @description data of dispute.* events; `outcome` (won or lost) is set on dispute.resolved. */
        DisputeEventData: {
            /** Format: uuid */
            dispute_id: string;
            /** Format: uuid */
            transaction_id: string;
            /** Format: uuid */
            merchant_id: string;
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            /** @enum {string} */
            status: "opened" | "resolved";
            /** @enum {string|null} */
            outcome?: "won" | "lost" | null;
            /** Format: date-time */
            occurred_at: string;
            sequence: components["schemas"]["EventSequence"];
        };
        /**
         * @description The canonical registry of the 15 event types (dot.case, past state).
         * @enum {string}
         */
        WebhookEventType: "transaction.pending" | "transaction.success" | "transaction.failed" | "transaction.reversed" | "payout.queued" | "payout.processing" | "payout.success" | "payout.failed" | "escrow.held" | "escrow.released" | "escrow.returned" | "dispute.opened" | "dispute.resolved" | "kyc.verified" | "kyc.rejected";
        /**
         * @description Closed set of error codes. HTTP status per code: AUTH_INVALID_KEY 401,
         *     AUTH_SIGNATURE_MISMATCH 401, VALIDATION_ERROR 422, IDEMPOTENCY_CONFLICT 409,
         *     INSUFFICIENT_FUNDS 402, RAIL_UNAVAILABLE 503, RATE_LIMITED 429, RESOURCE_NOT_FOUND 404,
         *     COMPLIANCE_HOLD 403, PERMISSION_DENIED 403, INTERNAL_ERROR 500; additions:
         *     METHOD_NOT_ALLOWED 405 (known path, wrong method), PAYLOAD_TOO_LARGE 413,
         *     UNSUPPORTED_MEDIA_TYPE 415, NOT_IMPLEMENTED 501; disputes: DISPUTE_ALREADY_OPEN 409,
         *     DISPUTE_ALREADY_RESOLVED 409, TRANSACTION_DISPUTED 409; escrow: ESCROW_HOLD_NOT_HELD 409
         *     (release or return of an escrow hold that is no longer held); partner wallets: WALLET_EXISTS
         *     409 (a second wallet for one externalUserId and currency); SERVICE_UNAVAILABLE 503 (the
         *     deployment's `GET /readyz`, outside this spec: a database pool does not answer in time).
         *     Requests the HTTP parser refuses before any operation is known (so no operation lists
         *     them), each answered with the envelope and the connection closed: BAD_REQUEST 400 (not
         *     valid HTTP/1.1), REQUEST_TIMEOUT 408, URI_TOO_LONG 414 (the request line alone over the
         *     16 KiB header limit), HEADERS_TOO_LARGE 431 (request line and headers over it); webhooks:
         *     WEBHOOK_ENDPOINT_LIMIT_REACHED 409 (the merchant already has 100 endpoints); reconciliation
         *     (the operators' API, spec/ops.yaml): EXCEPTION_ALREADY_RESOLVED 409.
         * @enum {string}
         */
        ErrorCode: "AUTH_INVALID_KEY" | "AUTH_SIGNATURE_MISMATCH" | "VALIDATION_ERROR" | "IDEMPOTENCY_CONFLICT" | "INSUFFICIENT_FUNDS" | "RAIL_UNAVAILABLE" | "RATE_LIMITED" | "RESOURCE_NOT_FOUND" | "COMPLIANCE_HOLD" | "PERMISSION_DENIED" | "INTERNAL_ERROR" | "METHOD_NOT_ALLOWED" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "NOT_IMPLEMENTED" | "DISPUTE_ALREADY_OPEN" | "DISPUTE_ALREADY_RESOLVED" | "TRANSACTION_DISPUTED" | "ESCROW_HOLD_NOT_HELD" | "WALLET_EXISTS" | "SERVICE_UNAVAILABLE" | "BAD_REQUEST" | "REQUEST_TIMEOUT" | "URI_TOO_LONG" | "HEADERS_TOO_LARGE" | "WEBHOOK_ENDPOINT_LIMIT_REACHED" | "EXCEPTION_ALREADY_RESOLVED";
        /**
         * Format: int64
         * @description Amount in minor currency units, at least 1 and at most Number.MAX_SAFE_INTEGER (9007199254740991).
         */
        Amount: number;
        /**
         * @description Balance in minor currency units; never negative; exact. The ledger keeps 128-bit balances,
         *     so a balance is a JSON integer of any size: in practice far below 9007199254740991
         *     (Number.MAX_SAFE_INTEGER), which only a sum of collections near the largest amount could
         *     pass; a JavaScript client that must read such a balance exactly parses it as a BigInt.
         */
        Balance: number;
        /**
         * @description ISO 4217 currency code, 3 upper-case letters, one of the currencies the service supports:
         *     BWP, CDF, EGP, ETB, EUR, GBP, GHS, KES, MAD, MWK, MZN, NGN, RWF, TZS, UGX, USD, XAF, XOF,
         *     ZAR, ZMW, JPY, KWD (the ledger's currency table; any other code is 422 on the field).
         * @example KES
         */
        Currency: string;
        /**
         * @description A currency the FX rate source quotes, 3 upper-case letters: KES, UGX, TZS, RWF, NGN, GHS,
         *     ZAR, XOF, EGP, USD, EUR, GBP (any two of them make a pair; any other code is 422 on the
         *     field).
         * @example KES
         */
        FxCurrency: string;
        /**
         * @description ISO 3166-1 alpha-2 country code, 2 upper-case letters, one of the 249 officially assigned
         *     codes (the pattern lists them; reserved, deprecated and user-assigned codes such as EU, UK,
         *     YU or XK are 422 on the field).
         * @example KE
         */
        Country: string;
        /**
         * @description Phone number (MSISDN) in international form, optional leading +, 7 to 15 digits.
         * @example +254712345678
         */
        Phone: string;
        /** @description Response metadata. next_cursor appears only on paginated lists. */
        Meta: {
            /** @description Id of this request; equal to the X-Request-Id header. */
            request_id: string;
            /** @description Cursor of the next page; null when there are no more pages. */
            next_cursor?: string | null;
        };
        /** @description Metadata of a paginated list. */
        PageMeta: {
            /** @description Id of this request; equal to the X-Request-Id header. */
            request_id: string;
            /** @description Cursor of the next page, passed back unchanged as `cursor`; null when there are no more pages. */
            next_cursor: string | null;
        };
        FieldError: {
            /** @description The offending field (body property name or dotted path such as `payouts.3.amount`, a parameter name, `body` for malformed JSON, or `session` for a checkout session that cannot be paid). */
            field: string;
            message: string;
        };
        /** @description Optional details; validation failures carry `fields`. Other keys may appear (for example `rail`, `wallet_id`). */
        ErrorDetails: {
            /**
             * @description Tells apart refusals that share one `error.code`, so a client never parses the message
             *     (decision 0420). On 409 `IDEMPOTENCY_CONFLICT`: `in_progress` (a request with this key
             *     is still running: retry with the same key after `Retry-After`) or `payload_mismatch`
             *     (the key was used for another payload or operation: do not retry it; use a new key for
             *     a new operation).
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
        /** @description A collection, refund or transfer. */
        Transaction: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            merchant_id: string;
            /** Format: uuid */
            sub_merchant_id: string | null;
            type: components["schemas"]["TransactionType"];
            rail: components["schemas"]["Rail"];
            status: components["schemas"]["TransactionStatus"];
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            /**
             * Format: uuid
             * @description For type=refund, the id of the original collection; null otherwise.
             */
            parent_transaction_id: string | null;
            /** @description The rail's own reference, filled once the rail responds. */
            provider_reference: string | null;
            /** @description Merchant-supplied order string, echoed. */
            reference: string | null;
            /**
             * Format: uri
             * @description Payer redirect (for example a card challenge) when the rail needs one.
             */
            action_url: string | null;
            /** @description Dial string the payer must complete (mobile-money fallback) when applicable. */
            ussd_code: string | null;
            /** @description Free-form metadata given at creation. */
            metadata: {
                [key: string]: string;
            } | null;
            /** @description For type=refund, the reason given at creation; null otherwise. */
            refund_reason?: string | null;
            /**
             * Format: int64
             * @description For type=collection, the sum of its refunds so far in minor units (0 when none); null for other types.
             */
            refunded_amount?: number | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description Returned once, at creation; the only object that carries client_token. */
        CheckoutSession: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            merchant_id: string;
            /** Format: uuid */
            sub_merchant_id: string | null;
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            reference: string | null;
            allowed_rails: components["schemas"]["Rail"][];
            status: components["schemas"]["CheckoutSessionStatus"];
            /** @description Opaque bearer secret for the payer; returned only by session creation, never again. */
            client_token: string;
            /**
             * Format: uuid
             * @description The collection created when paid; null until paid.
             */
            collection_intent_id: string | null;
            /**
             * Format: date-time
             * @description 30 minutes after creation.
             */
            expires_at: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * Format: uri
             * @description The hosted checkout page for this session: redirect the payer here. It carries the
             *     client_token in its fragment (`#token=...`), which browsers never send to a server, so
             *     the token reaches no server log, proxy or Referer header; the page sends it as
             *     `X-Checkout-Token`. A bearer link: like client_token it is returned only by session
             *     creation (and its idempotent replay), never again.
             */
            checkout_url?: string;
        };
        /** @description Payer-facing view; never carries client_token, sub_merchant_id, collection_intent_id, timestamps other than expires_at, or merchant credentials. */
        CheckoutSessionPublic: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            merchant_id: string;
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            reference: string | null;
            allowed_rails: components["schemas"]["Rail"][];
            status: components["schemas"]["CheckoutSessionStatus"];
            /** Format: date-time */
            expires_at: string;
            /** @description The name of the merchant the payer is paying, to show on the checkout page. A display name only, never a credential. */
            merchant_display_name?: string;
            /**
             * @description The payer's view of the collection this session's pay created; null until a pay has
             *     created it. Its rail, its status (which moves from `pending` to `success` or `failed`
             *     asynchronously: the payer's page polls this read to follow it) and what the payer must
             *     still do (`action_url`, `ussd_code`). It carries no transaction id and no payer
             *     details.
             */
            payment?: {
                rail: components["schemas"]["Rail"];
                status: components["schemas"]["TransactionStatus"];
                /**
                 * Format: uri
                 * @description Where the payer completes a challenge (card 3-D Secure, bank authorization), or the code to scan (qr).
                 */
                action_url: string | null;
                /** @description Dial string the payer must complete on their phone (USSD rail, mobile-money USSD fallback). */
                ussd_code: string | null;
                /**
                 * @description Why the rail failed the payment (closed set); null unless status is failed.
                 * @enum {string|null}
                 */
                failure_reason: "insufficient_funds" | "payer_declined" | "card_declined" | "authentication_failed" | "account_closed" | null;
            } | null;
        };
        SubMerchant: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            merchant_id: string;
            display_name: string;
            type: components["schemas"]["SubMerchantType"];
            country: components["schemas"]["Country"];
            kyc_tier: components["schemas"]["KycTier"];
            kyc_status: components["schemas"]["KycStatus"];
            status: components["schemas"]["SubMerchantStatus"];
            /** Format: date-time */
            created_at: string;
        };
        /** @description A dashboard team member. */
        User: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            merchant_id: string;
            /** Format: email */
            email: string;
            role: components["schemas"]["UserRole"];
            mfa_enabled: boolean;
            status: components["schemas"]["UserStatus"];
        };
        /** @description One wallet per currency per owner. */
        Wallet: {
            /** Format: uuid */
            id: string;
            owner_type: components["schemas"]["WalletOwnerType"];
            /** Format: uuid */
            owner_id: string;
            currency: components["schemas"]["Currency"];
            available_balance: components["schemas"]["Balance"];
            pending_balance: components["schemas"]["Balance"];
            /** Format: date-time */
            updated_at: string;
        };
        /** @description A sub-merchant's KYC case (x-addition; the seed does not show its fields). */
        KycCase: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            sub_merchant_id: string;
            tier: components["schemas"]["KycTier"];
            status: components["schemas"]["KycStatus"];
            /** @description The KYC provider handling the case (`sandbox` in the sandbox). */
            provider: string;
            /** @description What the tier requires for this sub-merchant's type. */
            requirements: components["schemas"]["KycRequirement"][];
            /** @description Requirements not verified yet; empty once verified. */
            requirements_outstanding: components["schemas"]["KycRequirement"][];
            /** @description Why the case was rejected or sent to review (the provider's reason code and explanation, or the operator's note); null otherwise. */
            reason: string | null;
            /**
             * Format: date-time
             * @description When the provider accepted the case; null until then.
             */
            submitted_at: string | null;
            /**
             * Format: date-time
             * @description When the case last left `pending` (a provider decision, or an operator's settlement); null while pending.
             */
            decided_at: string | null;
            decided_by: components["schemas"]["KycDecidedBy"] | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description One movement of a wallet, from the ledger, with the wallet's balances right after it. */
        WalletEntry: {
            /** @description The ledger transfer id (32 lower-case hex characters). */
            id: string;
            /** Format: uuid */
            wallet_id: string;
            type: components["schemas"]["WalletEntryType"];
            phase: components["schemas"]["WalletEntryPhase"];
            /**
             * @description credit adds to the wallet, debit takes from it.
             * @enum {string}
             */
            direction: "credit" | "debit";
            /**
             * Format: int64
             * @description The movement's amount in minor units, exact (a JSON integer of any size, as Balance).
             */
            amount: number;
            currency: components["schemas"]["Currency"];
            available_balance_after: components["schemas"]["Balance"];
            pending_balance_after: components["schemas"]["Balance"];
            /**
             * Format: uuid
             * @description The collection or refund the movement belongs to (types collection, escrow, refund); null otherwise.
             */
            transaction_id: string | null;
            /**
             * Format: uuid
             * @description The payout the movement belongs to (type payout); null otherwise.
             */
            payout_id: string | null;
            /**
             * Format: uuid
             * @description The currency conversion the movement belongs to (type fx_conversion); null otherwise.
             */
            fx_conversion_id: string | null;
            /**
             * Format: uuid
             * @description The dispute the movement belongs to (type dispute); null otherwise. Present on every entry since disputes were added.
             */
            dispute_id?: string | null;
            /** @description The hold the movement is (phase held) or completes or cancels (hold_posted, hold_voided); the `id` of the held entry. Null for posted movements. */
            hold_id: string | null;
            /**
             * Format: date-time
             * @description When the ledger recorded the movement.
             */
            created_at: string;
        };
        /** @description A recipient of a split rule, as returned. */
        SplitRecipient: {
            recipient_type: components["schemas"]["RecipientType"];
            /**
             * Format: uuid
             * @description The sub-merchant for sub_merchant recipients (null means the sub-merchant each payment is attributed to); the merchant's own id for platform and tax recipients.
             */
            recipient_id: string | null;
            /** @description A share in percent for percentage and tiered rules; an integer amount in minor units for flat rules. */
            value: number;
            escrow: boolean;
            escrow_release_condition: components["schemas"]["EscrowReleaseCondition"];
            /**
             * Format: int32
             * @description Hours after which an auto_timeout escrow is released.
             */
            escrow_timeout_hours: number;
        };
        SplitRule: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            merchant_id: string;
            name: string;
            rule_type: components["schemas"]["SplitRuleType"];
            /** @description Currency of flat values; null for percentage and tiered rules. */
            currency: string | null;
            active: boolean;
            recipients: components["schemas"]["SplitRecipient"][];
            /** @description The bands of a tiered rule (null otherwise). */
            tiers: components["schemas"]["SplitTier"][] | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description One band of a tiered rule. From `min_amount` (inclusive, minor units of the rule's currency) up to the next band's, each recipient gets `values[i]` percent (i = its place in `recipients`); each share 0..100, at most 2 decimal places, a band's shares adding up to at most 100. */
        SplitTier: {
            min_amount: components["schemas"]["Amount"];
            values: number[];
        };
        /**
         * @description held (in the recipient wallet's pending_balance), released (posted into its available_balance), returned (voided back to the payer's side, by a return or a refund that took it whole).
         * @enum {string}
         */
        EscrowHoldStatus: "held" | "released" | "returned";
        /** @description An escrowed leg of a settled payment (docs/split-settlement.md). */
        EscrowHold: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The collection whose leg is held.
             */
            transaction_id: string;
            /**
             * Format: uuid
             * @description The recipient's wallet (its pending_balance holds the amount while held).
             */
            wallet_id: string;
            /**
             * @description merchant for the merchant's own leg (hold_in_escrow or a rule's remainder).
             * @enum {string}
             */
            recipient_type: "merchant" | "platform" | "sub_merchant" | "tax";
            /**
             * Format: uuid
             * @description The sub-merchant for sub_merchant; the merchant's id otherwise.
             */
            recipient_id: string;
            /**
             * Format: int64
             * @description Minor units held now (the leg's amount less what refunds took back; 0 once a refund took it whole).
             */
            amount: number;
            currency: components["schemas"]["Currency"];
            status: components["schemas"]["EscrowHoldStatus"];
            release_condition: components["schemas"]["EscrowReleaseCondition"];
            /**
             * Format: date-time
             * @description When an auto_timeout hold is released by the service (null for the other conditions).
             */
            release_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        EscrowHoldEnvelope: {
            data: components["schemas"]["EscrowHold"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        EscrowHoldListEnvelope: {
            data: components["schemas"]["EscrowHold"][];
            error: null;
            meta: components["schemas"]["PageMeta"];
        };
        Payout: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description Source wallet.
             */
            wallet_id: string;
            /**
             * Format: uuid
             * @description Null for a single payout.
             */
            batch_id: string | null;
            destination_type: components["schemas"]["DestinationType"];
            /** @description Tokenized destination reference. */
            destination_ref: string;
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            status: components["schemas"]["PayoutStatus"];
            /** Format: date-time */
            scheduled_at: string | null;
            /**
             * Format: int32
             * @description Automatic send retries made after transient rail failures (at most 3).
             */
            retry_count: number;
            failure_reason: string | null;
            /**
             * Format: uuid
             * @description The FX rate lock used for a cross-currency payout; null otherwise.
             */
            fx_rate_lock_id?: string | null;
            /**
             * Format: int64
             * @description What the wallet pays for this payout, in minor units of the wallet's currency: `amount`
             *     for a payout in the wallet's currency; for a cross-currency payout, `amount / fx_rate`
             *     rounded up to the wallet currency's minor unit (the wallet owner bears that rounding,
             *     less than one minor unit; docs/fx.md).
             */
            source_amount?: number;
            /** @description The locked rate the payout converted at (payout currency units per wallet currency unit); null for a payout in the wallet's currency. */
            fx_rate?: number | null;
            /** Format: date-time */
            created_at: string;
        };
        PayoutBatch: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            merchant_id: string;
            total_amount: components["schemas"]["Amount"];
            status: components["schemas"]["PayoutBatchStatus"];
            payouts: components["schemas"]["Payout"][];
        };
        /** @description A registered endpoint; never carries the signing secret. */
        WebhookEndpoint: {
            /** Format: uuid */
            id: string;
            /** Format: uri */
            url: string;
            subscribed_events: components["schemas"]["WebhookEventType"][];
            active: boolean;
            /** @description Why the endpoint is inactive (it failed every delivery for too long); null while active. `POST /webhooks/{id}/enable` re-enables it. */
            disabled_reason?: string | null;
            /**
             * Format: date-time
             * @description End of the current secret rotation's overlap (both secrets sign until then); null outside an overlap.
             */
            previous_secret_expires_at?: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** @description The creation response; the only time signing_secret is returned. */
        WebhookEndpointWithSecret: {
            /** Format: uuid */
            id: string;
            /** Format: uri */
            url: string;
            subscribed_events: components["schemas"]["WebhookEventType"][];
            active: boolean;
            /** @description Why the endpoint is inactive (it failed every delivery for too long); null while active. `POST /webhooks/{id}/enable` re-enables it. */
            disabled_reason?: string | null;
            /**
             * Format: date-time
             * @description End of the current secret rotation's overlap (both secrets sign until then); null outside an overlap.
             */
            previous_secret_expires_at?: string | null;
            /** Format: date-time */
            created_at: string;
            /** @description Key of the HMAC-SHA256 delivery signatures; returned only once. */
            signing_secret: string;
        };
        FxRate: {
            base_currency: components["schemas"]["FxCurrency"];
            quote_currency: components["schemas"]["FxCurrency"];
            /** @description Units of quote_currency per unit of base_currency, applied margin included; an exact decimal of at most 10 significant digits. */
            rate: number;
            /**
             * Format: int32
             * @description Margin applied, in basis points.
             */
            margin_bps: number;
            /** Format: date-time */
            effective_at: string;
        };
        FxRateLock: {
            /** Format: uuid */
            id: string;
            base_currency: components["schemas"]["FxCurrency"];
            quote_currency: components["schemas"]["FxCurrency"];
            /** @description The rate that converts (margin included), an exact decimal of at most 10 significant digits. */
            locked_rate: number;
            /**
             * Format: date-time
             * @description 15 minutes after creation.
             */
            expires_at: string;
            /** @description True once a payout has used the lock. */
            used: boolean;
        };
        /** @description Body of a webhook delivery. */
        WebhookEvent: {
            /** @description Unique event id; deduplicate on it. */
            id: string;
            type: components["schemas"]["WebhookEventType"];
            /** Format: date-time */
            created_at: string;
            /** @description Depends on type (TransactionEventData, PayoutEventData, EscrowEventData, DisputeEventData, KycEventData); every one carries `sequence`, the event's place among its resource's events. New optional fields may be added. */
            data: Record<string, never>;
        } & (unknown & unknown & unknown & unknown & unknown);
        TransactionEventData: {
            /** Format: uuid */
            transaction_id: string;
            /** Format: uuid */
            merchant_id: string;
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            status: components["schemas"]["TransactionStatus"];
            /** Format: date-time */
            occurred_at: string;
            sequence: components["schemas"]["EventSequence"];
        };
        /**
         * @description Data of kyc.verified and kyc.rejected (x-addition; the seed does not show it). Written when
         *     the KYC provider decides a case, or an operator settles a needs_review case. needs_review
         *     itself writes no event.
         */
        KycEventData: {
            /** Format: uuid */
            sub_merchant_id: string;
            /** Format: uuid */
            merchant_id: string;
            /** Format: uuid */
            kyc_case_id: string;
            tier: components["schemas"]["KycTier"];
            /** @enum {string} */
            status: "verified" | "rejected";
            reason: string | null;
            decided_by: components["schemas"]["KycDecidedBy"];
            /** Format: date-time */
            occurred_at: string;
            sequence: components["schemas"]["EventSequence"];
        };
        /**
         * @description Conditional requirements (also enforced by the schema): `payer_phone` is required (a
         *     non-null string) when `rail` is `mobile_money` or `ussd`; `payer_card_token` when `rail`
         *     is `card`; `payer_account_ref` when `rail` is `bank`; `qr` needs none. Payer fields not
         *     needed by the rail are accepted and ignored.
         */
        CollectionCreate: {
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            rail: components["schemas"]["Rail"];
            /**
             * Format: uuid
             * @description Attributes the collection to a sub-merchant of the merchant (unknown id is 422). A suspended sub-merchant, or an amount over the limits of its KYC tier (a single collection, or its wallet balance in the currency), is 403 `COMPLIANCE_HOLD`.
             */
            sub_merchant_id?: string | null;
            /** @description Required when rail is mobile_money or ussd. */
            payer_phone?: string | null;
            /**
             * @description Required when rail is card. A tokenized card reference from card tokenization (1 to 128
             *     characters: letters, digits, `_`, `.`, `:`, `-`), never a raw card number: 12 to 19
             *     digits, grouped or not, are refused with 422 and never stored or logged.
             */
            payer_card_token?: string | null;
            /**
             * @description Required when rail is bank. A tokenized account reference (1 to 128 characters:
             *     letters, digits, `_`, `.`, `:`, `-`), never a raw account number.
             */
            payer_account_ref?: string | null;
            /** @description Merchant order string, echoed on the transaction (any text but the NUL character, U+0000). */
            reference?: string | null;
            /** @description Default false. When true the merchant leg of settlement lands in the pending (escrow) bucket for later release (condition manual; with a split rule, the merchant's remainder leg). */
            hold_in_escrow?: boolean;
            /**
             * Format: uuid
             * @description An active split rule of the merchant; the payment is divided by it at settlement (docs/split-settlement.md). An unknown or inactive rule, a rule in another currency, flat legs larger than the amount, or a rule naming the payment's sub-merchant on a payment without one is 422.
             */
            split_rule_id?: string | null;
            /** @description Free-form string key/value pairs stored on the transaction (at most 50 keys; keys up to 40 characters, values up to 500 characters). */
            metadata?: {
                [key: string]: string;
            } | null;
        } & (unknown & unknown & unknown);
        /** @description Whole body optional. An omitted or null amount refunds the full remaining amount. */
        RefundCreate: {
            /**
             * Format: int64
             * @description Minor units; must not exceed the original amount minus prior refunds.
             */
            amount?: number | null;
            /** @description Stored on the refund transaction (refund_reason); any text but the NUL character (U+0000). */
            reason?: string | null;
        };
        CheckoutSessionCreate: {
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            /** @description Echoed on the resulting transaction (any text but the NUL character, U+0000). */
            reference?: string | null;
            /** Format: uuid */
            sub_merchant_id?: string | null;
            /**
             * Format: uuid
             * @description As on CollectionCreate; checked when the session is created and applied to the collection its pay makes.
             */
            split_rule_id?: string | null;
            /** @description Rails the payer may choose; defaults to all rails when omitted. */
            allowed_rails?: components["schemas"]["Rail"][];
        };
        /**
         * @description Conditional requirements (also enforced by the schema): `payer_phone` for `mobile_money`
         *     and `ussd`, `payer_card_token` for `card`, `payer_account_ref` for `bank`; `qr` needs
         *     none. `rail` must be one of the session's allowed_rails.
         */
        CheckoutSessionPay: {
            rail: components["schemas"]["Rail"];
            /** @description Required when rail is mobile_money or ussd. */
            payer_phone?: string | null;
            /**
             * @description Required when rail is card. A tokenized card reference from card tokenization (1 to 128
             *     characters: letters, digits, `_`, `.`, `:`, `-`), never a raw card number: 12 to 19
             *     digits, grouped or not, are refused with 422 and never stored or logged.
             */
            payer_card_token?: string | null;
            /**
             * @description Required when rail is bank. A tokenized account reference (1 to 128 characters:
             *     letters, digits, `_`, `.`, `:`, `-`), never a raw account number.
             */
            payer_account_ref?: string | null;
        } & (unknown & unknown & unknown);
        SubMerchantContact: {
            phone?: components["schemas"]["Phone"];
            /** Format: email */
            email?: string;
        };
        SubMerchantCreate: {
            /** @description The name shown for the sub-merchant; not blank (at least one character that is not white space, as ECMAScript's String.prototype.trim defines it); any text but the NUL character (U+0000). In the sandbox it also carries the KYC magic values. */
            display_name: string;
            type: components["schemas"]["SubMerchantType"];
            country: components["schemas"]["Country"];
            kyc_tier?: components["schemas"]["KycTier"];
            contact?: components["schemas"]["SubMerchantContact"];
        };
        /** @description Optional body of suspend and reactivate. */
        SubMerchantStatusChange: {
            /** @description Why; kept in the sub-merchant's status history. Any text but the NUL character (U+0000). */
            reason?: string | null;
        };
        /**
         * @description `recipient_type` and `value` are required. `recipient_id` is optional for sub_merchant
         *     recipients (absent or null: the sub-merchant the payment is attributed to) and must be
         *     absent or null for platform and tax recipients. `escrow` defaults to false;
         *     `escrow_release_condition` (default manual) applies when escrow is true; the rule's
         *     `escrow_timeout_hours` is used by auto_timeout.
         */
        SplitRecipientCreate: {
            recipient_type: components["schemas"]["RecipientType"];
            /**
             * Format: uuid
             * @description The sub-merchant receiving this share (sub_merchant recipients only).
             */
            recipient_id?: string | null;
            /** @description Percent share (at most 100) for percentage and tiered rules; integer minor units for flat rules. */
            value: number;
            /** @description Default false. When true this recipient's leg is held in escrow (pending) until released. */
            escrow?: boolean;
            escrow_release_condition?: components["schemas"]["EscrowReleaseCondition"];
        } & unknown;
        /**
         * @description Conditional requirements (also enforced by the schema): `currency` is required (non-null)
         *     when `rule_type` is `flat` or `tiered`, and every recipient `value` of a flat rule is then
         *     an integer amount; for `percentage` and `tiered` rules every `value` is at most 100;
         *     `tiers` is required for tiered rules and refused for the others. Rules the schema
         *     cannot state answer 422 naming the field: shares of a band adding up to more than 100,
         *     more than 2 decimal places, a tier's `values` not one per recipient, bands not in
         *     increasing `min_amount` order, an unknown `recipient_id`.
         */
        SplitRuleCreate: {
            /** @description Any text but the NUL character (U+0000). */
            name: string;
            rule_type: components["schemas"]["SplitRuleType"];
            /** @description Required for flat rules (currency of the flat values) and tiered rules (currency of the band amounts); omitted or null for percentage rules. One of the supported currencies (see Currency). */
            currency?: string | null;
            recipients: components["schemas"]["SplitRecipientCreate"][];
            /** @description Tiered rules only. Bands above the first, in increasing min_amount order; below the first band the recipients' own values apply. */
            tiers?: components["schemas"]["SplitTier"][] | null;
            /**
             * Format: int32
             * @description Default 72. Hours after settlement at which an auto_timeout escrow hold of this rule is released.
             */
            escrow_timeout_hours?: number;
        } & (unknown & unknown & unknown);
        PayoutCreate: {
            /**
             * Format: uuid
             * @description Source wallet.
             */
            wallet_id: string;
            destination_type: components["schemas"]["DestinationType"];
            /** @description Tokenized destination reference from the payout-destination tokenization flow; raw account numbers are never sent. */
            destination_ref: string;
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            /**
             * Format: date-time
             * @description Send at this future time; omitted or null sends now. Must be after the request and at
             *     most 365 days ahead (`scheduled_at_horizon_days = 365`); an RFC 3339 instant the service
             *     can hold (no leap second `23:59:60`, years 0001 to 9999, digits past the millisecond
             *     round up). Otherwise 422 `VALIDATION_ERROR` naming `body.scheduled_at`.
             */
            scheduled_at?: string | null;
            /**
             * Format: uuid
             * @description Rate lock (wallet currency -> payout currency) for a cross-currency payout.
             */
            fx_rate_lock_id?: string | null;
        };
        BulkPayoutItem: {
            destination_type: components["schemas"]["DestinationType"];
            destination_ref: string;
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            /**
             * Format: uuid
             * @description Rate lock (wallet currency -> this item's currency) for a cross-currency item; one lock per item.
             */
            fx_rate_lock_id?: string | null;
        };
        BulkPayoutCreate: {
            /**
             * Format: uuid
             * @description Source wallet shared by all payouts.
             */
            wallet_id: string;
            payouts: components["schemas"]["BulkPayoutItem"][];
        };
        WebhookEndpointCreate: {
            /**
             * Format: uri
             * @description Publicly resolvable URL; HTTPS in production; private, link-local and loopback addresses are rejected. The port, when given, is 80, 443 or 1024-65535 except the Fetch standard's bad ports (1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665-6669, 6679, 6697, 10080); port 0 is refused. The host name has at most 253 characters, each label 1 to 63 (after IDNA encoding). A refused URL is 422 VALIDATION_ERROR naming body.url.
             */
            url: string;
            subscribed_events: components["schemas"]["WebhookEventType"][];
        };
        FxRateLockCreate: {
            base_currency: components["schemas"]["FxCurrency"];
            quote_currency: components["schemas"]["FxCurrency"];
        };
        TransactionEnvelope: {
            data: components["schemas"]["Transaction"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        TransactionListEnvelope: {
            data: components["schemas"]["Transaction"][];
            error: null;
            meta: components["schemas"]["PageMeta"];
        };
        CheckoutSessionEnvelope: {
            data: components["schemas"]["CheckoutSession"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        CheckoutSessionPublicEnvelope: {
            data: components["schemas"]["CheckoutSessionPublic"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        SubMerchantEnvelope: {
            data: components["schemas"]["SubMerchant"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        SubMerchantListEnvelope: {
            data: components["schemas"]["SubMerchant"][];
            error: null;
            meta: components["schemas"]["PageMeta"];
        };
        UserListEnvelope: {
            data: components["schemas"]["User"][];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        WalletStatementEnvelope: {
            data: components["schemas"]["WalletStatement"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        /** @description A wallet's balances per UTC day over a period. */
        WalletStatement: {
            /** Format: uuid */
            wallet_id: string;
            currency: string;
            /** Format: date */
            date_from: string;
            /** Format: date */
            date_to: string;
            days: components["schemas"]["WalletStatementDay"][];
        };
        /**
         * @description One UTC day of a statement; every figure in integer minor units. credits: money posted into
         *     the wallet that day (posted credits and posted holds into it); debits: money posted out of it
         *     (posted debits and posted holds out of it).
         */
        WalletStatementDay: {
            /** Format: date */
            date: string;
            opening_available: components["schemas"]["Balance"];
            opening_pending: components["schemas"]["Balance"];
            closing_available: components["schemas"]["Balance"];
            closing_pending: components["schemas"]["Balance"];
            credits: components["schemas"]["Balance"];
            debits: components["schemas"]["Balance"];
            /**
             * Format: int64
             * @description The day's movements (GET /wallets/{id}/entries).
             */
            entries: number;
        };
        WalletEnvelope: {
            data: components["schemas"]["Wallet"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        WalletListEnvelope: {
            data: components["schemas"]["Wallet"][];
            error: null;
            meta: components["schemas"]["PageMeta"];
        };
        KycCaseEnvelope: {
            data: components["schemas"]["KycCase"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        WalletEntryListEnvelope: {
            data: components["schemas"]["WalletEntry"][];
            error: null;
            meta: components["schemas"]["PageMeta"];
        };
        SplitRuleEnvelope: {
            data: components["schemas"]["SplitRule"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        SplitRuleListEnvelope: {
            data: components["schemas"]["SplitRule"][];
            error: null;
            meta: components["schemas"]["PageMeta"];
        };
        PayoutEnvelope: {
            data: components["schemas"]["Payout"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        PayoutListEnvelope: {
            data: components["schemas"]["Payout"][];
            error: null;
            meta: components["schemas"]["PageMeta"];
        };
        PayoutBatchEnvelope: {
            data: components["schemas"]["PayoutBatch"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        WebhookEndpointCreatedEnvelope: {
            data: components["schemas"]["WebhookEndpointWithSecret"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        WebhookEndpointListEnvelope: {
            data: components["schemas"]["WebhookEndpoint"][];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        WebhookEndpointEnvelope: {
            data: components["schemas"]["WebhookEndpoint"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        WebhookDeliveryEnvelope: {
            data: components["schemas"]["WebhookDelivery"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        WebhookDeliveryListEnvelope: {
            data: components["schemas"]["WebhookDelivery"][];
            error: null;
            meta: components["schemas"]["PageMeta"];
        };
        EventEnvelope: {
            data: components["schemas"]["WebhookEvent"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        EventListEnvelope: {
            data: components["schemas"]["WebhookEvent"][];
            error: null;
            meta: components["schemas"]["PageMeta"];
        };
        /** @description An empty object (the data of a delete). */
        EmptyObject: Record<string, never>;
        EmptyEnvelope: {
            data: components["schemas"]["EmptyObject"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        FxRateEnvelope: {
            data: components["schemas"]["FxRate"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        FxRateLockEnvelope: {
            data: components["schemas"]["FxRateLock"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        /**
         * @description `open`: the amount is held out of the merchant wallet's available balance; `won`: it went back; `lost`: it went to the payer.
         * @enum {string}
         */
        DisputeStatus: "open" | "won" | "lost";
        /** @description The payer's or network's stated reason, as reported (for example `fraudulent`, `product_not_received`, `duplicate`); free text, any character but NUL; null when none was given. */
        DisputeReason: string | null;
        /**
         * @description A payer's chargeback of (part of) a successful collection. While `open` its amount is held
         *     out of the merchant wallet's `available_balance`, and refunds of the collection are 409
         *     `TRANSACTION_DISPUTED`. Events: `dispute.opened`, `dispute.resolved` (DisputeEventData).
         */
        Dispute: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The disputed collection.
             */
            transaction_id: string;
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            status: components["schemas"]["DisputeStatus"];
            reason: components["schemas"]["DisputeReason"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * Format: date-time
             * @description When it was won or lost; null while open.
             */
            resolved_at: string | null;
        };
        SandboxDisputeCreate: {
            /**
             * Format: uuid
             * @description A successful collection of the merchant.
             */
            transaction_id: string;
            /**
             * Format: int64
             * @description Minor units; omitted or null disputes everything still disputable.
             */
            amount?: number | null;
            reason?: components["schemas"]["DisputeReason"];
        };
        SandboxDisputeResolve: {
            /**
             * @description `won` gives the held amount back to the merchant; `lost` sends it to the payer.
             * @enum {string}
             */
            outcome: "won" | "lost";
        };
        DisputeEnvelope: {
            data: components["schemas"]["Dispute"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
        DisputeListEnvelope: {
            data: components["schemas"]["Dispute"][];
            error: null;
            meta: components["schemas"]["PageMeta"];
        };
        /**
         * @description Conditional requirements (also enforced by the schema): `phone` when `destination_type`
         *     is `mobile_money`; `bank_code` and `account_number` when `bank`; `card_token` when
         *     `card`. Fields of other types are accepted and ignored (never stored).
         */
        PayoutDestinationCreate: {
            destination_type: components["schemas"]["DestinationType"];
            country: components["schemas"]["Country"];
            currency: components["schemas"]["Currency"];
            phone?: components["schemas"]["Phone"];
            /** @description The bank's code (sort code, CBN code, SWIFT/BIC) for `bank`. */
            bank_code?: string;
            /** @description The account number (or IBAN) for `bank`, letters and digits only. */
            account_number?: string;
            /** @description The account holder's name for `bank` (optional; kept encrypted with the other details). */
            account_name?: string;
            /** @description A card tokenization reference for `card`, never a raw card number. */
            card_token?: string;
        } & (unknown & unknown & unknown);
        PayoutDestination: {
            /** Format: uuid */
            id: string;
            /** @description The token payouts name (`destination_ref` of PayoutCreate and bulk items). */
            destination_ref: string;
            destination_type: components["schemas"]["DestinationType"];
            country: components["schemas"]["Country"];
            currency: components["schemas"]["Currency"];
            /** @description The details masked for display, the last 4 characters shown (`****6789`). */
            label: string;
            /** Format: date-time */
            created_at: string;
        };
        PayoutDestinationEnvelope: {
            data: components["schemas"]["PayoutDestination"];
            error: null;
            meta: components["schemas"]["Meta"];
        };
    };
    responses: {
        /** @description The key is missing, malformed, unknown, revoked, expired, IP-blocked or out of scope (AUTH_INVALID_KEY), or the signature does not match or the timestamp is outside the 300 s window (AUTH_SIGNATURE_MISMATCH). */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The wallet balance is too low for the operation (INSUFFICIENT_FUNDS); nothing was created or moved. */
        PaymentRequired: {
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
                 *         "message": "The wallet's available balance does not cover this amount.",
                 *         "details": {
                 *           "wallet_id": "c3d4e5f6-a7b8-4c9d-8e1f-2a3b4c5d6e7f"
                 *         }
                 *       },
                 *       "meta": {
                 *         "request_id": "6e7f8a9b-0c1d-4e2f-9a3b-4c5d6e7f8a9b"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The action is blocked pending compliance review or the merchant is suspended or frozen (COMPLIANCE_HOLD), or the principal may not perform it (PERMISSION_DENIED). */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The resource does not exist or is not accessible to the caller (RESOURCE_NOT_FOUND). On the checkout endpoints a wrong client_token reads the same way. */
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
                 *         "message": "No such resource."
                 *       },
                 *       "meta": {
                 *         "request_id": "9b0c1d2e-3f4a-4b5c-8d6e-7f8a9b0c1d2e"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /**
         * @description IDEMPOTENCY_CONFLICT, told apart by `details.reason` (decision 0420): `payload_mismatch`,
         *     the Idempotency-Key was already used with a different payload (do not retry it), or
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
                 *         "message": "This Idempotency-Key was already used with a different request body.",
                 *         "details": {
                 *           "reason": "payload_mismatch"
                 *         }
                 *       },
                 *       "meta": {
                 *         "request_id": "0c1d2e3f-4a5b-4c6d-9e7f-8a9b0c1d2e3f"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The escrow hold is no longer held (released, returned, or taken back whole by a refund); nothing moved (ESCROW_HOLD_NOT_HELD). `details.fields` names `path.id` with the hold's state. */
        EscrowHoldNotHeld: {
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
                 *         "code": "ESCROW_HOLD_NOT_HELD",
                 *         "message": "The escrow hold is no longer held (released); nothing moved.",
                 *         "details": {
                 *           "fields": [
                 *             {
                 *               "field": "path.id",
                 *               "message": "the escrow hold is no longer held (released); nothing moved"
                 *             }
                 *           ]
                 *         }
                 *       },
                 *       "meta": {
                 *         "request_id": "0c1d2e3f-4a5b-4c6d-9e7f-8a9b0c1d2e40"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /**
         * @description The request failed validation (VALIDATION_ERROR): body schema, conditional payer fields,
         *     path or query parameters, headers, malformed JSON (field `body`), an altered cursor,
         *     business rules such as a refund above the remaining amount, or a checkout session that is
         *     completed or expired (field `session`). `details.fields` lists each problem.
         */
        ValidationFailed: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
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
                 *         "request_id": "4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The requested rail is temporarily unavailable (RAIL_UNAVAILABLE, circuit breaker open). Nothing was created; retry after the number of seconds in Retry-After (`rail_retry_after_s = 30`) or use another rail. A rail that did not answer in time is the same 503; retry it with the same Idempotency-Key, which completes the request instead of charging again. */
        RailUnavailable: {
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
                 *         "message": "The mobile_money rail is temporarily unavailable.",
                 *         "details": {
                 *           "rail": "mobile_money"
                 *         }
                 *       },
                 *       "meta": {
                 *         "request_id": "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e"
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
                 *         "request_id": "6c7d8e9f-0a1b-4c2d-9e3f-4a5b6c7d8e9f"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The request body is not `application/json`, or carries a `Content-Encoding` other than `identity` (UNSUPPORTED_MEDIA_TYPE). */
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
                 *         "request_id": "7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a"
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
                 *         "request_id": "8e9f0a1b-2c3d-4e4f-9a5b-6c7d8e9f0a1b"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /**
         * @description IDEMPOTENCY_CONFLICT as for every keyed request (`details.reason`), or
         *     WEBHOOK_ENDPOINT_LIMIT_REACHED: the merchant already has 100 endpoints that are not deleted
         *     (`details.limit`); delete one first. Nothing was created.
         */
        WebhookEndpointConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                /** @description On IDEMPOTENCY_CONFLICT with `details.reason` `in_progress` only, seconds to wait before retrying with the same key. */
                "Retry-After"?: number;
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /**
         * @description The dispute is no longer open (DISPUTE_ALREADY_RESOLVED), or the collection already has an
         *     open dispute (DISPUTE_ALREADY_OPEN). Nothing was created or moved.
         */
        DisputeConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
    };
    parameters: {
        /**
         * @description Client-generated key, unique per logical operation (a UUID v4 is suggested). Same key and payload replays the stored result; same key and a different payload is 409 IDEMPOTENCY_CONFLICT. Retained 24 hours.
         * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
         */
        IdempotencyKey: string;
        /**
         * @description Optional on state changes (decision 0422). Without it the change runs as before. With it,
         *     the first answer (200) is stored for 24 hours and a retry with the same key and payload
         *     answers it, whatever the resource has become since (so a client whose answer was lost may
         *     retry a release, return, cancel or resolve without getting its own change refused); the
         *     same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT`
         *     (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key.
         * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
         */
        OptionalIdempotencyKey: string;
        /**
         * @description Id of the resource (UUID). A malformed id is 422.
         * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
         */
        ResourceId: string;
        /** @description Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`). */
        Cursor: string;
        /** @description Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum). */
        Limit: number;
        /** @description The session's client_token. Exactly one of this header or the `client_token` query parameter must be given (neither or both is 422). Tokens are base64url text (`cst_` + 43 characters); anything outside that alphabet is 422. */
        CheckoutTokenHeader: string;
        /** @description The session's client_token. Exactly one of this query parameter or the `X-Checkout-Token` header must be given (neither or both is 422). Tokens are base64url text (`cst_` + 43 characters), which needs no URL encoding; anything outside that alphabet is 422. */
        ClientTokenQuery: string;
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
    createCollection: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Client-generated key, unique per logical operation (a UUID v4 is suggested). Same key and payload replays the stored result; same key and a different payload is 409 IDEMPOTENCY_CONFLICT. Retained 24 hours.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CollectionCreate"];
            };
        };
        responses: {
            /** @description The collection (also returned unchanged on an idempotent replay). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["RailUnavailable"];
        };
    };
    getCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The collection. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createRefund: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Client-generated key, unique per logical operation (a UUID v4 is suggested). Same key and payload replays the stored result; same key and a different payload is 409 IDEMPOTENCY_CONFLICT. Retained 24 hours.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RefundCreate"];
            };
        };
        responses: {
            /** @description The refund transaction. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["RailUnavailable"];
        };
    };
    createCheckoutSession: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Client-generated key, unique per logical operation (a UUID v4 is suggested). Same key and payload replays the stored result; same key and a different payload is 409 IDEMPOTENCY_CONFLICT. Retained 24 hours.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": 150000,
                 *       "currency": "KES",
                 *       "reference": "order-10046",
                 *       "allowed_rails": [
                 *         "mobile_money",
                 *         "card"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CheckoutSessionCreate"];
            };
        };
        responses: {
            /** @description The new session, with its client_token. */
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
                     *         "id": "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9",
                     *         "merchant_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "sub_merchant_id": null,
                     *         "amount": 150000,
                     *         "currency": "KES",
                     *         "reference": "order-10046",
                     *         "allowed_rails": [
                     *           "mobile_money",
                     *           "card"
                     *         ],
                     *         "status": "open",
                     *         "client_token": "cst_9QmV3x7Lk2pR8sT1uW4yZ6bN0cD5fG",
                     *         "collection_intent_id": null,
                     *         "expires_at": "2026-11-22T17:30:00Z",
                     *         "created_at": "2026-11-22T17:00:00Z",
                     *         "updated_at": "2026-11-22T17:00:00Z",
                     *         "checkout_url": "https://pay.payagg.example/checkout/5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9#token=cst_9QmV3x7Lk2pR8sT1uW4yZ6bN0cD5fG"
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CheckoutSessionEnvelope"];
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
    getCheckoutSession: {
        parameters: {
            query?: {
                /** @description The session's client_token. Exactly one of this query parameter or the `X-Checkout-Token` header must be given (neither or both is 422). Tokens are base64url text (`cst_` + 43 characters), which needs no URL encoding; anything outside that alphabet is 422. */
                client_token?: components["parameters"]["ClientTokenQuery"];
            };
            header?: {
                /** @description The session's client_token. Exactly one of this header or the `client_token` query parameter must be given (neither or both is 422). Tokens are base64url text (`cst_` + 43 characters); anything outside that alphabet is 422. */
                "X-Checkout-Token"?: components["parameters"]["CheckoutTokenHeader"];
            };
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The public view of the session. */
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
                     *         "id": "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9",
                     *         "merchant_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "amount": 150000,
                     *         "currency": "KES",
                     *         "reference": "order-10046",
                     *         "allowed_rails": [
                     *           "mobile_money",
                     *           "card"
                     *         ],
                     *         "status": "open",
                     *         "expires_at": "2026-11-22T17:30:00Z",
                     *         "merchant_display_name": "Duka Fresh Groceries",
                     *         "payment": null
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CheckoutSessionPublicEnvelope"];
                };
            };
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    payCheckoutSession: {
        parameters: {
            query?: {
                /** @description The session's client_token. Exactly one of this query parameter or the `X-Checkout-Token` header must be given (neither or both is 422). Tokens are base64url text (`cst_` + 43 characters), which needs no URL encoding; anything outside that alphabet is 422. */
                client_token?: components["parameters"]["ClientTokenQuery"];
            };
            header: {
                /**
                 * @description Client-generated key, unique per logical operation (a UUID v4 is suggested). Same key and payload replays the stored result; same key and a different payload is 409 IDEMPOTENCY_CONFLICT. Retained 24 hours.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description The session's client_token. Exactly one of this header or the `client_token` query parameter must be given (neither or both is 422). Tokens are base64url text (`cst_` + 43 characters); anything outside that alphabet is 422. */
                "X-Checkout-Token"?: components["parameters"]["CheckoutTokenHeader"];
            };
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CheckoutSessionPay"];
            };
        };
        responses: {
            /** @description The collection created for the session (also returned on an idempotent replay). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionEnvelope"];
                };
            };
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["RailUnavailable"];
        };
    };
    listTransactions: {
        parameters: {
            query?: {
                /** @description Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`). */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum). */
                limit?: components["parameters"]["Limit"];
                /** @description Only transactions with this status. */
                status?: components["schemas"]["TransactionStatus"];
                /** @description Only transactions over this rail. */
                rail?: components["schemas"]["Rail"];
                /** @description Only transactions created at or after this instant (RFC 3339, from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z, no leap second; otherwise 422). */
                date_from?: string;
                /** @description Only transactions created at or before this instant (same rules as date_from). */
                date_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of transactions. */
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
                     *           "id": "0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e",
                     *           "merchant_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "sub_merchant_id": null,
                     *           "type": "collection",
                     *           "rail": "mobile_money",
                     *           "status": "success",
                     *           "amount": 150000,
                     *           "currency": "KES",
                     *           "parent_transaction_id": null,
                     *           "provider_reference": "MPESA-QK71H2X9",
                     *           "reference": "order-10045",
                     *           "action_url": null,
                     *           "ussd_code": null,
                     *           "metadata": null,
                     *           "refund_reason": null,
                     *           "refunded_amount": 0,
                     *           "created_at": "2026-11-22T17:00:00Z",
                     *           "updated_at": "2026-11-22T17:00:42Z"
                     *         }
                     *       ],
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "1b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e",
                     *         "next_cursor": "eyJjIjoiMjAyNi0xMS0yMlQxNzowMDowMFoiLCJpIjoiMGI4YTNjMmUifQ"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["TransactionListEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transaction. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listSubMerchants: {
        parameters: {
            query?: {
                /** @description Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`). */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum). */
                limit?: components["parameters"]["Limit"];
                /** @description Only sub-merchants with this KYC status. */
                kyc_status?: components["schemas"]["KycStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of sub-merchants. */
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
                     *           "id": "3f2b8c1e-5d4a-4e7b-9c2d-1a6f8e9b0c3d",
                     *           "merchant_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "display_name": "Mama Njeri Groceries",
                     *           "type": "business",
                     *           "country": "KE",
                     *           "kyc_tier": "tier_2",
                     *           "kyc_status": "verified",
                     *           "status": "active",
                     *           "created_at": "2026-11-20T09:15:00Z"
                     *         }
                     *       ],
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f",
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SubMerchantListEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createSubMerchant: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Client-generated key, unique per logical operation (a UUID v4 is suggested). Same key and payload replays the stored result; same key and a different payload is 409 IDEMPOTENCY_CONFLICT. Retained 24 hours.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "display_name": "Mama Njeri Groceries",
                 *       "type": "business",
                 *       "country": "KE",
                 *       "kyc_tier": "tier_2",
                 *       "contact": {
                 *         "phone": "+254722000111",
                 *         "email": "njeri@groceries.example"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["SubMerchantCreate"];
            };
        };
        responses: {
            /** @description The new sub-merchant (also returned on an idempotent replay). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubMerchantEnvelope"];
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
    getSubMerchant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sub-merchant. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubMerchantEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getSubMerchantKyc: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The KYC case. */
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
                     *         "id": "5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b",
                     *         "sub_merchant_id": "3f2b8c1e-5d4a-4e7b-9c2d-1a6f8e9b0c3d",
                     *         "tier": "tier_2",
                     *         "status": "needs_review",
                     *         "provider": "sandbox",
                     *         "requirements": [
                     *           "legal_name",
                     *           "phone_number",
                     *           "business_registration",
                     *           "proof_of_address"
                     *         ],
                     *         "requirements_outstanding": [
                     *           "business_registration"
                     *         ],
                     *         "reason": "document_unreadable: the registration certificate could not be read; a reviewer must look at it",
                     *         "submitted_at": "2026-11-22T17:02:01Z",
                     *         "decided_at": "2026-11-22T17:02:04Z",
                     *         "decided_by": "provider",
                     *         "created_at": "2026-11-22T17:02:00Z",
                     *         "updated_at": "2026-11-22T17:02:04Z"
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["KycCaseEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    suspendSubMerchant: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional on state changes (decision 0422). Without it the change runs as before. With it,
                 *     the first answer (200) is stored for 24 hours and a retry with the same key and payload
                 *     answers it, whatever the resource has become since (so a client whose answer was lost may
                 *     retry a release, return, cancel or resolve without getting its own change refused); the
                 *     same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT`
                 *     (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key"?: components["parameters"]["OptionalIdempotencyKey"];
            };
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "reason": "Chargeback rate above the marketplace threshold"
                 *     }
                 */
                "application/json": components["schemas"]["SubMerchantStatusChange"];
            };
        };
        responses: {
            /** @description The sub-merchant, suspended. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubMerchantEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    reactivateSubMerchant: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional on state changes (decision 0422). Without it the change runs as before. With it,
                 *     the first answer (200) is stored for 24 hours and a retry with the same key and payload
                 *     answers it, whatever the resource has become since (so a client whose answer was lost may
                 *     retry a release, return, cancel or resolve without getting its own change refused); the
                 *     same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT`
                 *     (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key"?: components["parameters"]["OptionalIdempotencyKey"];
            };
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "reason": "Review completed"
                 *     }
                 */
                "application/json": components["schemas"]["SubMerchantStatusChange"];
            };
        };
        responses: {
            /** @description The sub-merchant, active. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubMerchantEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description All users of the merchant. */
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
                     *           "id": "f6a7b8c9-d0e1-4f2a-9b4c-5d6e7f8091a2",
                     *           "merchant_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "email": "amina@merchant.example",
                     *           "role": "admin",
                     *           "mfa_enabled": true,
                     *           "status": "active"
                     *         },
                     *         {
                     *           "id": "8a9b0c1d-2e3f-4a5b-8c6d-7e8f9a0b1c2d",
                     *           "merchant_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "email": "kofi@merchant.example",
                     *           "role": "finance",
                     *           "mfa_enabled": false,
                     *           "status": "disabled"
                     *         }
                     *       ],
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["UserListEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listWallets: {
        parameters: {
            query?: {
                /** @description Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`). */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum). */
                limit?: components["parameters"]["Limit"];
                /** @description Only wallets of this owner (the merchant or one of its sub-merchants). */
                owner_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of wallets. */
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
                     *           "id": "c3d4e5f6-a7b8-4c9d-8e1f-2a3b4c5d6e7f",
                     *           "owner_type": "merchant",
                     *           "owner_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "currency": "KES",
                     *           "available_balance": 1250000,
                     *           "pending_balance": 150000,
                     *           "updated_at": "2026-11-22T17:00:42Z"
                     *         }
                     *       ],
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b",
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WalletListEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getWalletBalance: {
        parameters: {
            query?: {
                /** @description The balances at this past instant (RFC 3339); an instant in the future or before 1970 is 422. */
                at?: string;
            };
            header?: never;
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
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
                     *         "id": "c3d4e5f6-a7b8-4c9d-8e1f-2a3b4c5d6e7f",
                     *         "owner_type": "merchant",
                     *         "owner_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "currency": "KES",
                     *         "available_balance": 1250000,
                     *         "pending_balance": 150000,
                     *         "updated_at": "2026-11-22T17:00:42Z"
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "5f6a7b8c-9d0e-4f1a-8b2c-3d4e5f6a7b8c"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WalletEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listWalletEntries: {
        parameters: {
            query?: {
                /** @description Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`). */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum). */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the wallet's entries. */
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
                     *           "id": "4f1c2b3a9d8e7f6a5b4c3d2e1f0a9b8c",
                     *           "wallet_id": "c3d4e5f6-a7b8-4c9d-8e1f-2a3b4c5d6e7f",
                     *           "type": "collection",
                     *           "phase": "posted",
                     *           "direction": "credit",
                     *           "amount": 150000,
                     *           "currency": "KES",
                     *           "available_balance_after": 1250000,
                     *           "pending_balance_after": 150000,
                     *           "transaction_id": "0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e",
                     *           "payout_id": null,
                     *           "fx_conversion_id": null,
                     *           "hold_id": null,
                     *           "created_at": "2026-11-22T17:00:42.120Z"
                     *         }
                     *       ],
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d",
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WalletEntryListEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getWalletStatement: {
        parameters: {
            query: {
                /** @description The statement's first day (UTC), YYYY-MM-DD. */
                date_from: string;
                /** @description The statement's last day (UTC), inclusive, YYYY-MM-DD; at most 92 days after date_from and not after today; before date_from is 422. */
                date_to: string;
            };
            header?: never;
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statement. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletStatementEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    exportWalletStatement: {
        parameters: {
            query: {
                /** @description The statement's first day (UTC), YYYY-MM-DD. */
                date_from: string;
                /** @description The statement's last day (UTC), inclusive, YYYY-MM-DD; at most 92 days after date_from and not after today; before date_from is 422. */
                date_to: string;
            };
            header?: never;
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statement as CSV. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listSplitRules: {
        parameters: {
            query?: {
                /** @description Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`). */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum). */
                limit?: components["parameters"]["Limit"];
                /** @description Only active (true) or only inactive (false) rules. */
                active?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of split rules. */
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
                     *           "id": "d4e5f6a7-b8c9-4d0e-9f2a-3b4c5d6e7f80",
                     *           "merchant_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "name": "Marketplace default",
                     *           "rule_type": "percentage",
                     *           "currency": null,
                     *           "active": true,
                     *           "recipients": [
                     *             {
                     *               "recipient_type": "platform",
                     *               "recipient_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *               "value": 10,
                     *               "escrow": false,
                     *               "escrow_release_condition": "manual",
                     *               "escrow_timeout_hours": 72
                     *             }
                     *           ],
                     *           "tiers": null,
                     *           "created_at": "2026-11-21T08:00:00Z",
                     *           "updated_at": "2026-11-21T08:00:00Z"
                     *         }
                     *       ],
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "6a7b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9d",
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SplitRuleListEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createSplitRule: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional on state changes (decision 0422). Without it the change runs as before. With it,
                 *     the first answer (200) is stored for 24 hours and a retry with the same key and payload
                 *     answers it, whatever the resource has become since (so a client whose answer was lost may
                 *     retry a release, return, cancel or resolve without getting its own change refused); the
                 *     same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT`
                 *     (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key"?: components["parameters"]["OptionalIdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SplitRuleCreate"];
            };
        };
        responses: {
            /** @description The new split rule. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SplitRuleEnvelope"];
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
    getSplitRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The split rule. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SplitRuleEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    deactivateSplitRule: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional on state changes (decision 0422). Without it the change runs as before. With it,
                 *     the first answer (200) is stored for 24 hours and a retry with the same key and payload
                 *     answers it, whatever the resource has become since (so a client whose answer was lost may
                 *     retry a release, return, cancel or resolve without getting its own change refused); the
                 *     same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT`
                 *     (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key"?: components["parameters"]["OptionalIdempotencyKey"];
            };
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The split rule, inactive. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SplitRuleEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listEscrowHolds: {
        parameters: {
            query?: {
                /** @description Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`). */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum). */
                limit?: components["parameters"]["Limit"];
                /** @description Only the holds of this collection. */
                transaction_id?: string;
                /** @description Only holds in this status. */
                status?: components["schemas"]["EscrowHoldStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of escrow holds. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EscrowHoldListEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getEscrowHold: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The escrow hold. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EscrowHoldEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    releaseEscrowHold: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional on state changes (decision 0422). Without it the change runs as before. With it,
                 *     the first answer (200) is stored for 24 hours and a retry with the same key and payload
                 *     answers it, whatever the resource has become since (so a client whose answer was lost may
                 *     retry a release, return, cancel or resolve without getting its own change refused); the
                 *     same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT`
                 *     (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key"?: components["parameters"]["OptionalIdempotencyKey"];
            };
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The escrow hold, released. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EscrowHoldEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["EscrowHoldNotHeld"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    returnEscrowHold: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional on state changes (decision 0422). Without it the change runs as before. With it,
                 *     the first answer (200) is stored for 24 hours and a retry with the same key and payload
                 *     answers it, whatever the resource has become since (so a client whose answer was lost may
                 *     retry a release, return, cancel or resolve without getting its own change refused); the
                 *     same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT`
                 *     (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key"?: components["parameters"]["OptionalIdempotencyKey"];
            };
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The escrow hold, returned. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EscrowHoldEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["EscrowHoldNotHeld"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["RailUnavailable"];
        };
    };
    confirmCollectionDelivery: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional on state changes (decision 0422). Without it the change runs as before. With it,
                 *     the first answer (200) is stored for 24 hours and a retry with the same key and payload
                 *     answers it, whatever the resource has become since (so a client whose answer was lost may
                 *     retry a release, return, cancel or resolve without getting its own change refused); the
                 *     same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT`
                 *     (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key"?: components["parameters"]["OptionalIdempotencyKey"];
            };
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The collection's escrow holds after the confirmation. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EscrowHoldListEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listPayouts: {
        parameters: {
            query?: {
                /** @description Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`). */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum). */
                limit?: components["parameters"]["Limit"];
                /** @description Only payouts with this status. */
                status?: components["schemas"]["PayoutStatus"];
                /** @description Only payouts from this source wallet. */
                wallet_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of payouts. */
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
                     *           "id": "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
                     *           "wallet_id": "c3d4e5f6-a7b8-4c9d-8e1f-2a3b4c5d6e7f",
                     *           "batch_id": null,
                     *           "destination_type": "mobile_money",
                     *           "destination_ref": "dst_mm_7d2e9f1a3c",
                     *           "amount": 100000,
                     *           "currency": "KES",
                     *           "status": "success",
                     *           "scheduled_at": null,
                     *           "retry_count": 0,
                     *           "failure_reason": null,
                     *           "fx_rate_lock_id": null,
                     *           "source_amount": 100000,
                     *           "fx_rate": null,
                     *           "created_at": "2026-11-22T17:05:00Z"
                     *         }
                     *       ],
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e",
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PayoutListEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createPayout: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Client-generated key, unique per logical operation (a UUID v4 is suggested). Same key and payload replays the stored result; same key and a different payload is 409 IDEMPOTENCY_CONFLICT. Retained 24 hours.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "wallet_id": "c3d4e5f6-a7b8-4c9d-8e1f-2a3b4c5d6e7f",
                 *       "destination_type": "mobile_money",
                 *       "destination_ref": "dst_mm_7d2e9f1a3c",
                 *       "amount": 100000,
                 *       "currency": "KES"
                 *     }
                 */
                "application/json": components["schemas"]["PayoutCreate"];
            };
        };
        responses: {
            /** @description The new payout (also returned on an idempotent replay). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getPayout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payout. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createPayoutBatch: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Client-generated key, unique per logical operation (a UUID v4 is suggested). Same key and payload replays the stored result; same key and a different payload is 409 IDEMPOTENCY_CONFLICT. Retained 24 hours.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "wallet_id": "c3d4e5f6-a7b8-4c9d-8e1f-2a3b4c5d6e7f",
                 *       "payouts": [
                 *         {
                 *           "destination_type": "mobile_money",
                 *           "destination_ref": "dst_mm_7d2e9f1a3c",
                 *           "amount": 100000,
                 *           "currency": "KES"
                 *         },
                 *         {
                 *           "destination_type": "bank",
                 *           "destination_ref": "dst_bank_1a9c3e5f7b",
                 *           "amount": 250000,
                 *           "currency": "KES"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["BulkPayoutCreate"];
            };
        };
        responses: {
            /** @description The new batch with its payouts (also returned on an idempotent replay). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutBatchEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getPayoutBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch with its payouts. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutBatchEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    cancelPayout: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional on state changes (decision 0422). Without it the change runs as before. With it,
                 *     the first answer (200) is stored for 24 hours and a retry with the same key and payload
                 *     answers it, whatever the resource has become since (so a client whose answer was lost may
                 *     retry a release, return, cancel or resolve without getting its own change refused); the
                 *     same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT`
                 *     (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key"?: components["parameters"]["OptionalIdempotencyKey"];
            };
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payout, cancelled. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createPayoutDestination: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional on state changes (decision 0422). Without it the change runs as before. With it,
                 *     the first answer (200) is stored for 24 hours and a retry with the same key and payload
                 *     answers it, whatever the resource has become since (so a client whose answer was lost may
                 *     retry a release, return, cancel or resolve without getting its own change refused); the
                 *     same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT`
                 *     (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key"?: components["parameters"]["OptionalIdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "destination_type": "mobile_money",
                 *       "country": "KE",
                 *       "currency": "KES",
                 *       "phone": "+254712346789"
                 *     }
                 */
                "application/json": components["schemas"]["PayoutDestinationCreate"];
            };
        };
        responses: {
            /** @description The destination (new, or the existing one with the same details). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutDestinationEnvelope"];
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
    getPayoutDestination: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The destination. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutDestinationEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description All active endpoints. */
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
                     *           "id": "e5f6a7b8-c9d0-4e1f-8a3b-4c5d6e7f8091",
                     *           "url": "https://hooks.merchant.example/payagg",
                     *           "subscribed_events": [
                     *             "transaction.success",
                     *             "transaction.failed",
                     *             "payout.success",
                     *             "payout.failed"
                     *           ],
                     *           "active": true,
                     *           "disabled_reason": null,
                     *           "previous_secret_expires_at": null,
                     *           "created_at": "2026-11-22T17:10:00Z"
                     *         }
                     *       ],
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "9d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointListEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional on state changes (decision 0422). Without it the change runs as before. With it,
                 *     the first answer (200) is stored for 24 hours and a retry with the same key and payload
                 *     answers it, whatever the resource has become since (so a client whose answer was lost may
                 *     retry a release, return, cancel or resolve without getting its own change refused); the
                 *     same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT`
                 *     (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key"?: components["parameters"]["OptionalIdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.merchant.example/payagg",
                 *       "subscribed_events": [
                 *         "transaction.success",
                 *         "transaction.failed",
                 *         "payout.success",
                 *         "payout.failed"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["WebhookEndpointCreate"];
            };
        };
        responses: {
            /** @description The new endpoint with its signing secret. */
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
                     *         "id": "e5f6a7b8-c9d0-4e1f-8a3b-4c5d6e7f8091",
                     *         "url": "https://hooks.merchant.example/payagg",
                     *         "subscribed_events": [
                     *           "transaction.success",
                     *           "transaction.failed",
                     *           "payout.success",
                     *           "payout.failed"
                     *         ],
                     *         "active": true,
                     *         "disabled_reason": null,
                     *         "previous_secret_expires_at": null,
                     *         "created_at": "2026-11-22T17:10:00Z",
                     *         "signing_secret": "whsec_5Jb8mQ2vX9kL4pR7tY1wZ3cF6hN0sD8g"
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "8c9d0e1f-2a3b-4c4d-9e5f-6a7b8c9d0e1f"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointCreatedEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["WebhookEndpointConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; `data` is an empty object. */
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
                     *       "data": {},
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "0e1f2a3b-4c5d-4e6f-9a7b-8c9d0e1f2a3b"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["EmptyEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional on state changes (decision 0422). Without it the change runs as before. With it,
                 *     the first answer (200) is stored for 24 hours and a retry with the same key and payload
                 *     answers it, whatever the resource has become since (so a client whose answer was lost may
                 *     retry a release, return, cancel or resolve without getting its own change refused); the
                 *     same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT`
                 *     (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key"?: components["parameters"]["OptionalIdempotencyKey"];
            };
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint with its new secret. */
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
                     *         "id": "e5f6a7b8-c9d0-4e1f-8a3b-4c5d6e7f8091",
                     *         "url": "https://hooks.merchant.example/payagg",
                     *         "subscribed_events": [
                     *           "transaction.success",
                     *           "transaction.failed"
                     *         ],
                     *         "active": true,
                     *         "disabled_reason": null,
                     *         "previous_secret_expires_at": "2026-11-23T17:10:00Z",
                     *         "created_at": "2026-11-22T17:10:00Z",
                     *         "signing_secret": "whsec_Q2vX9kL4pR7tY1wZ3cF6hN0sD8g5Jb8m"
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "0e1f2a3b-4c5d-4e6f-9a7b-8c9d0e1f2a4c"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointCreatedEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    enableWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional on state changes (decision 0422). Without it the change runs as before. With it,
                 *     the first answer (200) is stored for 24 hours and a retry with the same key and payload
                 *     answers it, whatever the resource has become since (so a client whose answer was lost may
                 *     retry a release, return, cancel or resolve without getting its own change refused); the
                 *     same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT`
                 *     (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key"?: components["parameters"]["OptionalIdempotencyKey"];
            };
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint, active. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`). */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum). */
                limit?: components["parameters"]["Limit"];
                /** @description Only deliveries with this status. */
                status?: components["schemas"]["WebhookDeliveryStatus"];
            };
            header?: never;
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of deliveries. */
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
                     *           "id": "6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b9c",
                     *           "endpoint_id": "e5f6a7b8-c9d0-4e1f-8a3b-4c5d6e7f8091",
                     *           "event_id": "3b4c5d6e-7f8a-4b9c-8d0e-1f2a3b4c5d6e",
                     *           "event_type": "transaction.success",
                     *           "status": "failed",
                     *           "attempt_count": 2,
                     *           "last_response_code": 500,
                     *           "last_response_snippet": "upstream unavailable",
                     *           "last_error": "the endpoint answered 500",
                     *           "next_attempt_at": "2026-11-22T17:06:42Z",
                     *           "created_at": "2026-11-22T17:00:42Z",
                     *           "updated_at": "2026-11-22T17:01:43Z"
                     *         }
                     *       ],
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "1f2a3b4c-5d6e-4f7a-8b8c-9d0e1f2a3b5d",
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDeliveryListEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional on state changes (decision 0422). Without it the change runs as before. With it,
                 *     the first answer (200) is stored for 24 hours and a retry with the same key and payload
                 *     answers it, whatever the resource has become since (so a client whose answer was lost may
                 *     retry a release, return, cancel or resolve without getting its own change refused); the
                 *     same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT`
                 *     (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key"?: components["parameters"]["OptionalIdempotencyKey"];
            };
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
                /** @description Id of the delivery (UUID). A malformed id is 422. */
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery, pending. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`). */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum). */
                limit?: components["parameters"]["Limit"];
                /** @description Only events of this type. */
                type?: components["schemas"]["WebhookEventType"];
                /** @description Only events of this resource (a transaction, payout, dispute or sub-merchant id); with it, the page is that resource's history. */
                resource_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of events. */
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
                     *           "id": "3b4c5d6e-7f8a-4b9c-8d0e-1f2a3b4c5d6e",
                     *           "type": "transaction.success",
                     *           "created_at": "2026-11-22T17:00:42Z",
                     *           "data": {
                     *             "transaction_id": "0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e",
                     *             "merchant_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "amount": 150000,
                     *             "currency": "KES",
                     *             "status": "success",
                     *             "occurred_at": "2026-11-22T17:00:42Z",
                     *             "sequence": 2
                     *           }
                     *         }
                     *       ],
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "2a3b4c5d-6e7f-4a8b-9c9d-0e1f2a3b4c6e",
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["EventListEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event, as webhooks carry it. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getFxRate: {
        parameters: {
            query: {
                /** @description Currency converted from (3 upper-case letters). */
                base_currency: components["schemas"]["FxCurrency"];
                /** @description Currency converted to (3 upper-case letters). */
                quote_currency: components["schemas"]["FxCurrency"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rate. */
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
                     *         "base_currency": "USD",
                     *         "quote_currency": "KES",
                     *         "rate": 129.35,
                     *         "margin_bps": 150,
                     *         "effective_at": "2026-11-22T17:00:00Z"
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "1f2a3b4c-5d6e-4f7a-8b8c-9d0e1f2a3b4c"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["FxRateEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createFxRateLock: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional on state changes (decision 0422). Without it the change runs as before. With it,
                 *     the first answer (200) is stored for 24 hours and a retry with the same key and payload
                 *     answers it, whatever the resource has become since (so a client whose answer was lost may
                 *     retry a release, return, cancel or resolve without getting its own change refused); the
                 *     same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT`
                 *     (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key"?: components["parameters"]["OptionalIdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "base_currency": "USD",
                 *       "quote_currency": "KES"
                 *     }
                 */
                "application/json": components["schemas"]["FxRateLockCreate"];
            };
        };
        responses: {
            /** @description The new lock. */
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
                     *         "id": "1a2b3c4d-5e6f-4a8b-9c0d-e1f2a3b4c5d6",
                     *         "base_currency": "USD",
                     *         "quote_currency": "KES",
                     *         "locked_rate": 129.35,
                     *         "expires_at": "2026-11-22T17:15:00Z",
                     *         "used": false
                     *       },
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "2a3b4c5d-6e7f-4a8b-9c9d-0e1f2a3b4c5d"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["FxRateLockEnvelope"];
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
    listDisputes: {
        parameters: {
            query?: {
                /** @description Opaque base64url token from the previous page's `meta.next_cursor`, passed back unchanged; omit for the first page. An altered or foreign cursor is 422 (field `cursor`). */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100, default 50, written in decimal digits (`0x10`, `1e1`, `16.0` are 422). Out-of-range values are clamped to that range, never rejected (so the schema carries no minimum or maximum). */
                limit?: components["parameters"]["Limit"];
                /** @description Only disputes with this status. */
                status?: components["schemas"]["DisputeStatus"];
                /** @description Only disputes of this collection. */
                transaction_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of disputes. */
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
                     *           "id": "4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a",
                     *           "transaction_id": "0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e",
                     *           "amount": 50000,
                     *           "currency": "KES",
                     *           "status": "open",
                     *           "reason": "product_not_received",
                     *           "created_at": "2026-11-24T09:00:00Z",
                     *           "updated_at": "2026-11-24T09:00:00Z",
                     *           "resolved_at": null
                     *         }
                     *       ],
                     *       "error": null,
                     *       "meta": {
                     *         "request_id": "5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8c",
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DisputeListEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getDispute: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dispute. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DisputeEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createSandboxDispute: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional on state changes (decision 0422). Without it the change runs as before. With it,
                 *     the first answer (200) is stored for 24 hours and a retry with the same key and payload
                 *     answers it, whatever the resource has become since (so a client whose answer was lost may
                 *     retry a release, return, cancel or resolve without getting its own change refused); the
                 *     same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT`
                 *     (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key"?: components["parameters"]["OptionalIdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "transaction_id": "0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e",
                 *       "amount": 50000,
                 *       "reason": "product_not_received"
                 *     }
                 */
                "application/json": components["schemas"]["SandboxDisputeCreate"];
            };
        };
        responses: {
            /** @description The dispute, open. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DisputeEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["DisputeConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    resolveSandboxDispute: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional on state changes (decision 0422). Without it the change runs as before. With it,
                 *     the first answer (200) is stored for 24 hours and a retry with the same key and payload
                 *     answers it, whatever the resource has become since (so a client whose answer was lost may
                 *     retry a release, return, cancel or resolve without getting its own change refused); the
                 *     same key with another payload or on another path is 409 `IDEMPOTENCY_CONFLICT`
                 *     (`details.reason: payload_mismatch`). A refusal stores nothing and frees the key.
                 * @example 9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b
                 */
                "Idempotency-Key"?: components["parameters"]["OptionalIdempotencyKey"];
            };
            path: {
                /**
                 * @description Id of the resource (UUID). A malformed id is 422.
                 * @example 0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e
                 */
                id: components["parameters"]["ResourceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "outcome": "lost"
                 *     }
                 */
                "application/json": components["schemas"]["SandboxDisputeResolve"];
            };
        };
        responses: {
            /** @description The dispute, resolved. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DisputeEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["DisputeConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    receiveWebhookEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Unix time in seconds, as a decimal string. */
                "X-Service-Timestamp": string;
                /** @description Lowercase hex HMAC-SHA256 over `timestamp + "." + raw_body`; during a secret rotation's overlap, two of them separated by a comma (new secret first). */
                "X-Service-Signature": string;
                /** @description The event's id (the body's `id`), to deduplicate before parsing. */
                "X-Service-Event-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3b4c5d6e-7f8a-4b9c-8d0e-1f2a3b4c5d6e",
                 *       "type": "transaction.success",
                 *       "created_at": "2026-11-22T17:00:42Z",
                 *       "data": {
                 *         "transaction_id": "0b8a3c2e-6f1d-4a9b-8e7c-5d4f3a2b1c0e",
                 *         "merchant_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                 *         "amount": 150000,
                 *         "currency": "KES",
                 *         "status": "success",
                 *         "occurred_at": "2026-11-22T17:00:42Z",
                 *         "sequence": 2
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Any 2xx status acknowledges the delivery; the response body is ignored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
