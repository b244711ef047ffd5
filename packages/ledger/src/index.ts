// @payagg/ledger: double-entry money on TigerBeetle's model, with two engines behind one
// interface (LedgerEngine) and a domain layer (Ledger) the service calls.

export * from './model.ts';
export { idFromUuid, idFromParts, u128FromUuid, uuidFromU128 } from './ids.ts';
export { currencies, currencyInfo, ledgerOf, currencyOfLedger, type CurrencyInfo } from './currencies.ts';
export { PostgresEngine, batch_attempts_max, expiry_batch_max, type PostgresEngineOptions } from './engines/postgres/engine.ts';
export { TigerBeetleEngine, parse_addresses, type TigerBeetleEngineOptions } from './engines/tigerbeetle/engine.ts';
export { LedgerUnavailableError, request_timeout_ms_default, withinTimeout } from './engines/tigerbeetle/request-timeout.ts';
export {
  Ledger,
  LedgerInvariantError,
  balanceOf,
  holdLegId,
  type HoldLeg,
  history_page_max,
  legs_max,
  type AccountMovement,
  type AccountState,
  type Balance,
  type InvariantReport,
  type LedgerFailure,
  type LedgerSum,
  type MovementResult,
  type Settlement,
  type SettlementLeg,
  type SettlementResult,
  type SplitRefundLeg,
  escrowReleaseId,
  splitHoldId,
  splitRefundTransferId,
} from './domain/ledger-service.ts';
export { AccountCode, TransferCode, system_account_kinds, type SystemAccountKind } from './domain/layout.ts';
export { convertAmount, divideRounded, parseRate, rounding_default, type Rate, type Rounding } from './domain/fx.ts';
export { createEngine, type EngineConfig } from './engine-config.ts';
