// The public face of collections/: what other capabilities and shared code may use of it. Nothing
// imports into collections/ but through here, except the assembly that mounts its routes and jobs
// (decision 0604, rule capabilities-meet-through-their-index).

export { checkoutPagePath } from './checkout-sessions.ts';
// The ledger ids a collection's movements derive, for ledger verification (ledger-verification/).
export { legsMax, refundReservationId, refundTransferId } from './ledger-collections.ts';
export { escrowReleaseId, splitHoldId, splitRefundTransferId } from './splits/ledger-splits.ts';
export { disputeHoldId, disputeTransferId } from './disputes/ledger-disputes.ts';
