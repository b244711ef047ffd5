// The public face of payouts/: what other capabilities and shared code may use of it. Nothing
// imports into payouts/ but through here, except the assembly that mounts its routes and jobs
// (decision 0604, rule capabilities-meet-through-their-index).

export { cancelPayout, commitPayout, payoutReservationId, reservePayout } from './ledger-payouts.ts';
export { detailsOf, looksLikeRawDetails, maskedLabel, newDestinationRef, openDestinationDetails } from './payout-destinations.ts';
export type { PayoutDestinationCreate, PayoutDestinationRow } from './payout-destinations.ts';
export type { PayoutsRuntime } from './payout-processing.ts';
// The ledger ids a payout's movements derive, for ledger verification (ledger-verification/).
export { payoutTransferId } from './ledger-payouts.ts';
