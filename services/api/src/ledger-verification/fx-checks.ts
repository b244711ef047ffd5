// FX conversions against their ledger legs (issue 25, decision 0791). A conversion (fx_conversions)
// moves through the FX position accounts in two legs (fx/ledger-conversions.ts):
//   from leg: source account -> FX position (from currency), from_amount, on the from currency's ledger;
//   to leg:   FX position (to currency) -> target account, to_amount, on the to currency's ledger.
// Where the legs are:
//   purpose 'transfer' (a partner's cross-currency transfer; fx/fx-conversions.ts moveConversion):
//     idFromUuid(conversion, 0) and (conversion, 1); posted at once, or held and then posted
//     (legs 2, 3) or voided (legs 4, 5);
//   purpose 'payout' (a cross-currency payout; conversionHoldLegs): two of the payout's holds
//     (payouts.hold_ids), posted or voided with the payout (holdResolutionId).
// The row's status says what the legs must be: held = both pending, posted = both posted,
// voided = both voided (or expired unresolved: the ledger voids them).
import { currencyInfo, holdResolutionId, idFromUuid, TransferFlags, type Transfer } from '@payagg/ledger';
import { systemAccountId } from '../domain/ledger-accounts.ts';
import { holdState, lookupTransfers, pages, rowPageSize, type Check, type HoldState } from './ledger-reads.ts';

type ConversionRow = {
  id: string; purpose: 'payout' | 'transfer'; purpose_id: string; status: 'held' | 'posted' | 'voided';
  from_currency: string; from_amount: string; to_currency: string; to_amount: string;
  /** The payout's holds (purpose 'payout'); null when the payout row is missing. */
  hold_ids: string[] | null;
};

const wanted: Record<ConversionRow['status'], HoldState> = { held: 'pending', posted: 'posted', voided: 'voided' };

/** The two legs' ids and the ids their resolutions may carry. */
function legIds(row: ConversionRow, found: Map<bigint, Transfer>): { from: bigint | null; to: bigint | null; resolutions: (id: bigint) => bigint[] } {
  if (row.purpose === 'transfer') {
    const [from, to] = [idFromUuid(row.id, 0), idFromUuid(row.id, 1)];
    return { from, to, resolutions: (id) => id === from ? [idFromUuid(row.id, 2), idFromUuid(row.id, 4)] : [idFromUuid(row.id, 3), idFromUuid(row.id, 5)] };
  }
  const holds = (row.hold_ids ?? []).map((text) => BigInt(text));
  const fromPosition = systemAccountId('fx_position', row.from_currency);
  const toPosition = systemAccountId('fx_position', row.to_currency);
  return {
    from: holds.find((id) => found.get(id)?.credit_account_id === fromPosition) ?? null,
    to: holds.find((id) => found.get(id)?.debit_account_id === toPosition) ?? null,
    resolutions: (id) => [holdResolutionId(id, 'post'), holdResolutionId(id, 'void')],
  };
}

/** The leg's state: a transfer posted at once counts as posted. */
function legState(check: Check, found: Map<bigint, Transfer>, id: bigint, resolutions: bigint[]): HoldState {
  const leg = found.get(id);
  if (leg && (leg.flags & TransferFlags.pending) === 0) return 'posted';
  return holdState(found, id, resolutions, check.nowNs);
}

function checkLeg(check: Check, row: ConversionRow, found: Map<bigint, Transfer>, side: 'from' | 'to', id: bigint | null, resolutions: (id: bigint) => bigint[]): void {
  const subject = { kind: 'fx_conversion', id: row.id };
  const currency = side === 'from' ? row.from_currency : row.to_currency;
  const amount = side === 'from' ? row.from_amount : row.to_amount;
  const leg = id === null ? undefined : found.get(id);
  if (id === null || !leg) {
    const where = row.purpose === 'payout' ? `among payout ${row.purpose_id}'s holds` : `transfer ${id}`;
    check.report({ check: 'fx_transfers', subject, message: `the conversion's ${side} leg is not in the ledger (${where})`, expected: `${amount} ${currency}`, found: 'none' });
    return;
  }
  const state = legState(check, found, id, resolutions(id));
  const want = wanted[row.status];
  const agrees = want === 'voided' ? state === 'voided' || state === 'expired' : state === want;
  if (!agrees) check.report({ check: 'fx_transfers', subject, message: `a ${row.status} conversion's ${side} leg ${id} is ${state}`, expected: want, found: state });
  if (leg.amount !== BigInt(amount)) check.report({ check: 'fx_amount', subject, message: `the ${side} leg ${id} differs from the conversion's ${side}_amount`, expected: amount, found: leg.amount.toString() });
  const position = systemAccountId('fx_position', currency);
  const through = side === 'from' ? leg.credit_account_id : leg.debit_account_id;
  if (through !== position || leg.ledger !== currencyInfo(currency).ledger) {
    check.report({ check: 'fx_accounts', subject, message: `the ${side} leg ${id} does not go through the ${currency} FX position on the ${currency} ledger`, expected: `account ${position}, ledger ${currencyInfo(currency).ledger}`, found: `account ${through}, ledger ${leg.ledger}` });
  }
}

/** Checks every conversion row; answers how many. */
export async function checkFxConversions(check: Check): Promise<number> {
  let count = 0;
  for await (const rows of pages<ConversionRow>((after) => check.sql<ConversionRow[]>`
    select c.id, c.purpose, c.purpose_id, c.status, c.from_currency, c.from_amount::text as from_amount, c.to_currency, c.to_amount::text as to_amount, p.hold_ids
    from fx_conversions c left join payouts p on c.purpose = 'payout' and p.id = c.purpose_id
    where c.id > ${after} order by c.id limit ${rowPageSize}`)) {
    const ids = rows.flatMap((row) => row.purpose === 'transfer'
      ? [0, 1, 2, 3, 4, 5].map((leg) => idFromUuid(row.id, leg))
      : (row.hold_ids ?? []).flatMap((text) => [BigInt(text), holdResolutionId(BigInt(text), 'post'), holdResolutionId(BigInt(text), 'void')]));
    const found = await lookupTransfers(check.ledger, ids);
    for (const row of rows) {
      const legs = legIds(row, found);
      checkLeg(check, row, found, 'from', legs.from, legs.resolutions);
      checkLeg(check, row, found, 'to', legs.to, legs.resolutions);
    }
    count += rows.length;
  }
  return count;
}
