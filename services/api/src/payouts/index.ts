// The public face of payouts/: what other capabilities, the route table, the job registry and the
// runtime may use of it (issue 23: no import into a capability except through its index).

export { cancelPayout, commitPayout, payoutReservationId, reservePayout } from './ledger-payouts.ts';
export { detailsOf, looksLikeRawDetails, maskedLabel, newDestinationRef, openDestinationDetails } from './payout-destinations.ts';
export type { PayoutDestinationCreate, PayoutDestinationRow } from './payout-destinations.ts';
export type { PayoutsRuntime } from './payout-processing.ts';
