// What reconciliation offers the rest of the service (decision 0604): the adjustment account its
// corrections move money against, so the ledger verification can tell it from an unknown account.
export { adjustmentAccountCode, adjustmentAccountId, adjustmentTransferCode } from './adjustments.ts';
