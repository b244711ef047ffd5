// What every operation of one sandbox collection rail shares: the rail, its pool and settings,
// and its batcher of initiations; and the checks every call makes first.

import type { Sql } from 'postgres';
import type { StatementBatcher } from '../../../db/statement-batcher.ts';
import { RailDeclinedError, RailOutageError } from '../../../rails/errors.ts';
import type { Rail } from '../../../rails/types.ts';
import { uuidPattern } from '../../../ids.ts';
import type { SandboxRailsConfig } from './config.ts';
import type { NewInitiation } from './initiation-records.ts';

export interface SandboxRailState {
  rail: Rail;
  sql: Sql;
  /** Read on every call, so a caller holding the object sees changes to railsDown at once. */
  config: SandboxRailsConfig;
  /** Answers, per initiation, whether it was recorded (initiation-records.ts insertInitiations). */
  initiationBatcher: StatementBatcher<NewInitiation, boolean>;
}

const currencyPattern = /^[A-Z]{3}$/;

export function assertRailUp({ rail, config }: SandboxRailState): void {
  if (config.railsDown.includes(rail)) throw new RailOutageError(rail, 'rail_forced_down');
}

export function assertTransactionId(rail: Rail, transactionId: string): void {
  if (typeof transactionId !== 'string' || !uuidPattern.test(transactionId)) {
    throw new RailDeclinedError(rail, 'invalid_transaction_id');
  }
}

export function assertCommonFields(rail: Rail, request: { transactionId: string; amount: number; currency: string }): void {
  assertTransactionId(rail, request.transactionId);
  if (!Number.isSafeInteger(request.amount) || request.amount < 1) throw new RailDeclinedError(rail, 'invalid_amount');
  if (typeof request.currency !== 'string' || !currencyPattern.test(request.currency)) {
    throw new RailDeclinedError(rail, 'invalid_currency');
  }
}
