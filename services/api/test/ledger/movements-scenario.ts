// One scenario that calls every money movement the service makes, once per outcome path, with
// fixed ids. Recorded before the product code left packages/ledger (decision 0620) into
// movements-golden.json: every account and transfer the engine received, and every answer. The
// test beside it replays the scenario through the service's own modules and asserts the very same
// inputs reach the engine: same transfers, same derived ids, same flags, codes and user data.
import type { LedgerEngine } from '@payagg/ledger';

/** The movements, under the names they had when the golden file was recorded. */
export type ScenarioApi = Record<string, (...args: never[]) => unknown>;

/** Wraps an engine so every write it receives is recorded (then passed on untouched). */
export function recordingEngine(engine: LedgerEngine, log: unknown[]): LedgerEngine {
  return new Proxy(engine, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if ((key === 'createAccounts' || key === 'createTransfers') && typeof value === 'function') {
        return async (batch: readonly object[]) => {
          log.push({ [key]: batch.map((event) => normalise(event)) });
          return (value as (b: readonly object[]) => Promise<unknown>).call(target, batch);
        };
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Absent fields are zero to both engines: record them as such, bigints as strings. */
function normalise(event: object): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(event)) {
    if (v === undefined || v === 0 || v === 0n) continue;
    out[k] = typeof v === 'bigint' ? v.toString() : (v as number);
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

export function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
}

const owner1 = '11111111-1111-4111-8111-111111111111';
const owner2 = '22222222-2222-4222-8222-222222222222';
const u = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;

/** Runs every movement; `log` receives each call's answer between the engine's records. */
export async function runScenario(api: Record<string, (...args: any[]) => any>, log: unknown[]): Promise<void> {
  const step = async (name: string, ...args: unknown[]) => {
    const answer = await api[name]!(...args);
    log.push({ [name]: plain(answer) });
    return answer;
  };
  const a = (await step('openWallet', { ownerId: owner1, currency: 'KES' })).accountId as bigint;
  const b = (await step('openWallet', { ownerId: owner2, currency: 'KES' })).accountId as bigint;
  const c = (await step('openWallet', { ownerId: owner1, currency: 'USD' })).accountId as bigint;
  await step('openWallet', { ownerId: owner1, currency: 'KES' });
  await step('walletAccountId', owner2, 'KES');
  for (const kind of ['rail_clearing', 'payout_clearing', 'fx_position', 'platform_fees', 'deposit_clearing']) await step('systemAccountId', kind, 'KES');
  const fees = await api.systemAccountId!('platform_fees', 'KES') as bigint;
  const clearing = await api.systemAccountId!('payout_clearing', 'KES') as bigint;

  await step('deposit', { depositId: u(1), walletAccountId: a, currency: 'KES', amount: 100_000n });
  await step('deposit', { depositId: u(1), walletAccountId: a, currency: 'KES', amount: 100_000n });
  const [s1, s2] = await step('settleCollections', [
    { collectionId: u(2), currency: 'KES', amount: 10_000n, legs: [
      { accountId: a, amount: 6_000n, escrow: false }, { accountId: b, amount: 3_000n, escrow: true }, { accountId: fees, amount: 1_000n, escrow: false }] },
    { collectionId: u(3), currency: 'KES', amount: 5_000n, legs: [{ accountId: b, amount: 5_000n, escrow: true, timeoutSeconds: 3_600 }] },
  ]);
  await step('settleCollection', { collectionId: u(4), currency: 'KES', amount: 700n, legs: [{ accountId: a, amount: 700n, escrow: false }] });
  await step('escrowReleaseId', s1.escrowTransferIds[0]);
  await step('releaseEscrow', s1.escrowTransferIds[0]);
  await step('returnEscrow', s2.escrowTransferIds[0]);
  await step('returnEscrow', s2.escrowTransferIds[0]);

  await step('refundReservationId', u(5));
  await step('reserveRefund', { refundId: u(5), walletAccountId: a, currency: 'KES', amount: 1_000n });
  await step('commitRefund', u(5));
  await step('reserveRefund', { refundId: u(6), walletAccountId: a, currency: 'KES', amount: 1_000n });
  await step('cancelRefund', u(6));
  await step('reserveRefund', { refundId: u(7), walletAccountId: a, currency: 'KES', amount: 10_000_000n });

  await step('payoutReservationId', u(8));
  await step('reservePayout', { payoutId: u(8), walletAccountId: a, currency: 'KES', amount: 500n, timeoutSeconds: 60 });
  await step('commitPayout', u(8));
  await step('reservePayout', { payoutId: u(9), walletAccountId: a, currency: 'KES', amount: 500n });
  await step('cancelPayout', u(9));
  await step('cancelPayout', u(9));

  await step('disputeHoldId', u(10));
  await step('holdDispute', { disputeId: u(10), walletAccountId: a, currency: 'KES', amount: 700n });
  await step('returnDisputeHold', u(10));
  await step('holdDispute', { disputeId: u(11), walletAccountId: a, currency: 'KES', amount: 700n });
  await step('postDisputeHold', u(11));

  const hold = (owner: string, leg: number, amount: bigint) => ({
    id: api.holdLegId!(owner, leg), debitAccountId: a, creditAccountId: clearing, currency: 'KES', amount, code: 4, ownerId: owner,
  });
  await step('holdLegId', u(12), 0);
  await step('holdChain', [hold(u(12), 0, 100n), hold(u(12), 1, 200n)]);
  await step('postHolds', [api.holdLegId!(u(12), 0), api.holdLegId!(u(12), 1)]);
  await step('holdChain', [hold(u(13), 0, 100n)]);
  await step('voidHolds', [api.holdLegId!(u(13), 0)]);
  await step('holdChain', [hold(u(14), 0, 100n)]);
  await step('holdChain', [hold(u(15), 0, 100n)]);
  await step('postHoldGroups', [[api.holdLegId!(u(14), 0)], [api.holdLegId!(u(15), 0)]]);
  await step('holdChain', [hold(u(16), 0, 100n)]);
  await step('voidHoldGroups', [[api.holdLegId!(u(16), 0)], [api.holdLegId!(u(99), 0)]]);

  const s4 = await step('settleCollection', { collectionId: u(17), currency: 'KES', amount: 2_000n, legs: [
    { accountId: a, amount: 1_000n, escrow: false }, { accountId: b, amount: 1_000n, escrow: true }] });
  await step('splitHoldId', u(18), 1);
  await step('splitRefundTransferId', u(18), 'reserve', 0);
  await step('reserveSplitRefund', { refundId: u(18), currency: 'KES', legs: [
    { kind: 'wallet', leg: 0, accountId: a, amount: 200n },
    { kind: 'hold', leg: 1, accountId: b, collectionId: u(17), holdPendingId: s4.escrowTransferIds[0], keep: 600n }] });
  await step('commitSplitRefund', u(18), [0]);
  await step('commitSplitRefund', u(18), []);
  await step('reserveSplitRefund', { refundId: u(19), currency: 'KES', legs: [{ kind: 'wallet', leg: 0, accountId: a, amount: 300n }] });
  await step('cancelSplitRefund', u(19), [0]);
  const regrown = await api.splitHoldId!(u(20), 1) as bigint;
  await step('regrowHold', { operationId: u(18), collectionId: u(17), currency: 'KES', pendingId: await api.splitHoldId!(u(18), 1), newHoldId: regrown, accountId: b, amount: 1_000n });
  await step('regrowHold', { operationId: u(21), collectionId: u(17), currency: 'KES', pendingId: null, newHoldId: await api.splitHoldId!(u(21), 1), accountId: b, amount: 50n });
  await step('creditLeg', { id: 123_456_789n, collectionId: u(17), currency: 'KES', accountId: b, amount: 40n });
  await step('reserveSplitRefund', { refundId: u(22), currency: 'KES', legs: [
    { kind: 'hold', leg: 0, accountId: b, collectionId: u(17), holdPendingId: regrown, keep: 0n }] });

  await step('conversionTransferIds', u(23));
  await step('moveConversion', { conversionId: u(23), fromAccountId: a, fromCurrency: 'KES', fromAmount: 12_900n, toAccountId: c, toCurrency: 'USD', toAmount: 100n, pending: true, timeoutSeconds: 30 });
  await step('commitConversion', u(23));
  await step('moveConversion', { conversionId: u(24), fromAccountId: a, fromCurrency: 'KES', fromAmount: 12_900n, toAccountId: c, toCurrency: 'USD', toAmount: 100n, pending: true });
  await step('cancelConversion', u(24));
  await step('moveConversion', { conversionId: u(25), fromAccountId: a, fromCurrency: 'KES', fromAmount: 1_290n, toAccountId: c, toCurrency: 'USD', toAmount: 10n });

  await step('transferBetweenWallets', { transferId: u(26), fromAccountId: a, toAccountId: b, currency: 'KES', amount: 100n });
  await step('transferBetweenWallets', { transferId: u(27), fromAccountId: a, toAccountId: c, currency: 'KES', amount: 100n });
  await step('transferBetweenWallets', { transferId: u(28), fromAccountId: b, toAccountId: a, currency: 'KES', amount: 10_000_000n });
  await step('balance', a);
  await step('balance', b);
  const report = await api.checkInvariants!() as { ok: boolean };
  log.push({ invariantsOk: report.ok });
}
