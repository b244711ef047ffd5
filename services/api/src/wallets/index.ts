// The public face of wallets/: what other capabilities, the route table, the job registry and the
// runtime may use of it (issue 23: no import into a capability except through its index).

export { dateOfLedgerTimestamp, ensureWallet, exactInteger } from './wallets.ts';
export type { WalletOwnerType, WalletRow } from './wallets.ts';
