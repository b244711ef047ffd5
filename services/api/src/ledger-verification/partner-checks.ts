// Partner wallets' movements (partner_movements) against their ledger transfers (issue 25, decision
// 0791); the partner wallets themselves are checked with the merchants' (wallet-checks.ts). What
// each kind moved (partner-wallets/ledger-partner-wallets.ts, payouts/ledger-payouts.ts):
//   deposit:    idFromUuid(id, 0), deposit clearing -> the wallet, the amount, posted;
//   transfer:   idFromUuid(id, 0), wallet -> wallet, the amount, posted; across currencies the
//               conversion's legs instead (fx_conversion_id: idFromUuid(conversion, 0) out of the
//               paying wallet, the amount; (conversion, 1) into the receiving one, to_amount);
//   withdrawal: the payout-shaped hold idFromUuid(id, 0) out of the wallet, posted (1) on success,
//               voided (2) on failure, pending while the rail has not answered.
// A deposit or transfer is recorded only after the ledger moved it, always `success`.
import { idFromUuid, TransferFlags, type Transfer } from '@payagg/ledger';
import { payoutReservationId, payoutTransferId } from '../payouts/index.ts';
import { systemAccountId } from '../domain/ledger-accounts.ts';
import { holdState, lookupTransfers, pages, rowPageSize, type Check, type HoldState } from './ledger-reads.ts';

type MovementRow = {
  id: string; kind: 'deposit' | 'transfer' | 'withdrawal'; status: 'pending' | 'success' | 'failed';
  amount: string; currency: string; to_amount: string | null; fx_conversion_id: string | null;
  from_account: string | null; to_account: string | null;
};

type Expected = { id: bigint; amount: string; debit: bigint | null; credit: bigint | null; what: string };

/** One movement transfer: present, posted at once, of the amount, between the accounts named. */
function expectPosted(check: Check, row: MovementRow, found: Map<bigint, Transfer>, want: Expected): void {
  const subject = { kind: `partner_${row.kind}`, id: row.id };
  const transfer = found.get(want.id);
  if (!transfer) {
    check.report({ check: 'partner_movement_transfers', subject, message: `a ${row.status} ${row.kind}'s ${want.what} ${want.id} is not in the ledger`, expected: want.amount, found: 'none' });
    return;
  }
  if ((transfer.flags & TransferFlags.pending) !== 0) {
    check.report({ check: 'partner_movement_transfers', subject, message: `the ${row.kind}'s ${want.what} ${want.id} is a hold, not a posted transfer`, expected: 'posted', found: 'pending' });
  }
  if (transfer.amount !== BigInt(want.amount)) {
    check.report({ check: 'partner_movement_amount', subject, message: `the ${row.kind}'s ${want.what} ${want.id} differs from its amount`, expected: want.amount, found: transfer.amount.toString() });
  }
  const accounts = (want.debit === null || transfer.debit_account_id === want.debit) && (want.credit === null || transfer.credit_account_id === want.credit);
  if (!accounts) {
    check.report({ check: 'partner_movement_accounts', subject, message: `the ${row.kind}'s ${want.what} ${want.id} moves between other accounts than its wallets`, expected: `debit ${want.debit ?? 'any'}, credit ${want.credit ?? 'any'}`, found: `debit ${transfer.debit_account_id}, credit ${transfer.credit_account_id}` });
  }
}

function checkWithdrawal(check: Check, row: MovementRow, found: Map<bigint, Transfer>): void {
  const subject = { kind: 'partner_withdrawal', id: row.id };
  const holdId = payoutReservationId(row.id);
  const state = holdState(found, holdId, [payoutTransferId(row.id, 'commit'), payoutTransferId(row.id, 'cancel')], check.nowNs);
  const want: HoldState = row.status === 'success' ? 'posted' : row.status === 'failed' ? 'voided' : 'pending';
  const agrees = want === 'voided' ? state === 'voided' || state === 'expired' : state === want;
  if (!agrees) check.report({ check: 'partner_movement_transfers', subject, message: `a ${row.status} withdrawal's hold ${holdId} is ${state}`, expected: want, found: state });
  const hold = found.get(holdId);
  if (hold && hold.amount !== BigInt(row.amount)) check.report({ check: 'partner_movement_amount', subject, message: `hold ${holdId} differs from the withdrawal amount`, expected: row.amount, found: hold.amount.toString() });
  if (hold && row.from_account !== null && hold.debit_account_id !== BigInt(row.from_account)) {
    check.report({ check: 'partner_movement_accounts', subject, message: `hold ${holdId} is not out of the withdrawal's wallet`, expected: row.from_account, found: hold.debit_account_id.toString() });
  }
}

function checkMovement(check: Check, row: MovementRow, found: Map<bigint, Transfer>): void {
  if (row.kind === 'withdrawal') return checkWithdrawal(check, row, found);
  const account = (text: string | null) => (text === null ? null : BigInt(text));
  if (row.status !== 'success') {
    const stray = found.get(idFromUuid(row.id, 0));
    if (stray) check.report({ check: 'partner_movement_transfers', subject: { kind: `partner_${row.kind}`, id: row.id }, message: `a ${row.status} ${row.kind} has a transfer in the ledger (${stray.id})`, expected: 'no transfer', found: stray.amount.toString() });
    return;
  }
  if (row.kind === 'deposit') {
    return expectPosted(check, row, found, { id: idFromUuid(row.id, 0), amount: row.amount, debit: systemAccountId('deposit_clearing', row.currency.trim()), credit: account(row.to_account), what: 'transfer' });
  }
  if (row.fx_conversion_id === null) {
    return expectPosted(check, row, found, { id: idFromUuid(row.id, 0), amount: row.amount, debit: account(row.from_account), credit: account(row.to_account), what: 'transfer' });
  }
  expectPosted(check, row, found, { id: idFromUuid(row.fx_conversion_id, 0), amount: row.amount, debit: account(row.from_account), credit: null, what: 'conversion leg out' });
  expectPosted(check, row, found, { id: idFromUuid(row.fx_conversion_id, 1), amount: row.to_amount ?? '?', debit: null, credit: account(row.to_account), what: 'conversion leg in' });
}

function movementIds(row: MovementRow): bigint[] {
  if (row.kind === 'withdrawal') return [payoutReservationId(row.id), payoutTransferId(row.id, 'commit'), payoutTransferId(row.id, 'cancel')];
  return row.fx_conversion_id === null ? [idFromUuid(row.id, 0)] : [idFromUuid(row.id, 0), idFromUuid(row.fx_conversion_id, 0), idFromUuid(row.fx_conversion_id, 1)];
}

/** Checks every partner movement; answers how many. */
export async function checkPartnerMovements(check: Check): Promise<number> {
  let count = 0;
  for await (const rows of pages<MovementRow>((after) => check.sql<MovementRow[]>`
    select m.id, m.kind, m.status, m.amount::text as amount, m.currency, m.to_amount::text as to_amount, m.fx_conversion_id,
           fw.ledger_account_id::text as from_account, tw.ledger_account_id::text as to_account
    from partner_movements m
    left join partner_wallets fw on fw.id = m.from_wallet_id
    left join partner_wallets tw on tw.id = m.to_wallet_id
    where m.id > ${after} order by m.id limit ${rowPageSize}`)) {
    const found = await lookupTransfers(check.ledger, rows.flatMap(movementIds));
    for (const row of rows) checkMovement(check, row, found);
    count += rows.length;
  }
  return count;
}
