// @payagg/ledger: double-entry money on TigerBeetle's model, with two engines behind one
// interface (LedgerEngine) and a generic layer (Ledger: accounts, transfers, holds, linked chains,
// balances, statements) that callers compose into their own money movements. It knows no product.

export * from './model.ts';
export { idFromUuid, idFromParts, u128FromUuid, uuidFromU128 } from './ids.ts';
export { currencies, currencyInfo, ledgerOf, currencyOfLedger, type CurrencyInfo } from './currencies.ts';
export { PostgresEngine, batchAttemptsMax, expiryBatchMax, type PostgresEngineOptions } from './engines/postgres/engine.ts';
export { TigerBeetleEngine, parseAddresses, type TigerBeetleEngineOptions } from './engines/tigerbeetle/engine.ts';
export { LedgerUnavailableError, requestTimeoutMsDefault, withinTimeout } from './engines/tigerbeetle/request-timeout.ts';
export { Ledger, holdLegId, type AccountSpec, type HoldLeg } from './domain/ledger.ts';
export {
  LedgerInvariantError,
  chainTransfers,
  holdResolutionId,
  type ChainStep,
  type LedgerFailure,
  type MovementResult,
  type ResolveStep,
  type TransferStep,
} from './domain/chains.ts';
export { balanceOf, historyPageMax, type AccountMovement, type AccountState, type Balance } from './domain/statements.ts';
export { type InvariantReport, type LedgerSum } from './domain/invariants.ts';
export { createEngine, type EngineConfig } from './engine-config.ts';
