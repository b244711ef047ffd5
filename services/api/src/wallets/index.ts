// The public face of wallets/: what other capabilities and shared code may use of it. Nothing
// imports into wallets/ but through here, except the assembly that mounts its routes and jobs
// (decision 0604, rule capabilities-meet-through-their-index).

export { dateOfLedgerTimestamp, ensureWallet, exactInteger } from './wallets.ts';
export type { WalletOwnerType, WalletRow } from './wallets.ts';
