// Partner wallet movements (the service's partner wallet API): deposits from the deposit clearing
// account and transfers between two wallets, on each engine.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Ledger, LedgerUsageError, TransferCode, idFromUuid, type LedgerEngine } from '../src/index.ts';
import { engine_cases } from './support/engines.ts';

for (const engine_case of engine_cases) {
  describe.skipIf(engine_case.skip)(`wallet movements: ${engine_case.name}`, () => {
    let engine: LedgerEngine;
    let ledger: Ledger;

    beforeAll(async () => {
      engine = await engine_case.open();
      ledger = new Ledger(engine);
    });
    afterAll(async () => {
      await engine?.close();
    });

    async function wallet(currency = 'KES'): Promise<bigint> {
      return (await ledger.openWallet({ ownerId: randomUUID(), currency })).accountId;
    }

    test('a deposit credits the wallet from deposit clearing, once per id', async () => {
      const accountId = await wallet();
      const depositId = randomUUID();
      const first = await ledger.deposit({ depositId, walletAccountId: accountId, currency: 'KES', amount: 5_000n });
      expect(first).toMatchObject({ ok: true, replayed: false, transferIds: [idFromUuid(depositId, 0)] });
      const again = await ledger.deposit({ depositId, walletAccountId: accountId, currency: 'KES', amount: 5_000n });
      expect(again).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.balance(accountId)).toEqual({ available: 5_000n, pending: 0n });
      const [transfer] = await engine.lookupTransfers([idFromUuid(depositId, 0)]);
      expect(transfer!.code).toBe(TransferCode.wallet_deposit);
      expect(transfer!.debit_account_id).toBe(ledger.systemAccountId('deposit_clearing', 'KES'));
      expect(await ledger.deposit({ depositId: randomUUID(), walletAccountId: accountId, currency: 'KES', amount: 0n }).catch((e) => e)).toBeInstanceOf(LedgerUsageError);
      expect((await ledger.checkInvariants()).ok).toBe(true);
    });

    test('a transfer moves all or nothing, never past the payer\'s balance, and not across currencies', async () => {
      const payer = await wallet();
      const payee = await wallet();
      await ledger.deposit({ depositId: randomUUID(), walletAccountId: payer, currency: 'KES', amount: 1_000n });
      const tooMuch = await ledger.transferBetweenWallets({ transferId: randomUUID(), fromAccountId: payer, toAccountId: payee, currency: 'KES', amount: 1_001n });
      expect(tooMuch).toMatchObject({ ok: false, failure: 'insufficient_funds' });
      const transferId = randomUUID();
      const moved = await ledger.transferBetweenWallets({ transferId, fromAccountId: payer, toAccountId: payee, currency: 'KES', amount: 1_000n });
      expect(moved).toMatchObject({ ok: true, replayed: false });
      expect(await ledger.transferBetweenWallets({ transferId, fromAccountId: payer, toAccountId: payee, currency: 'KES', amount: 1_000n })).toMatchObject({ ok: true, replayed: true });
      expect(await ledger.balance(payer)).toEqual({ available: 0n, pending: 0n });
      expect(await ledger.balance(payee)).toEqual({ available: 1_000n, pending: 0n });
      const ngn = await wallet('NGN');
      await ledger.deposit({ depositId: randomUUID(), walletAccountId: payee, currency: 'KES', amount: 1n });
      expect(await ledger.transferBetweenWallets({ transferId: randomUUID(), fromAccountId: payee, toAccountId: ngn, currency: 'KES', amount: 1n }))
        .toMatchObject({ ok: false, failure: 'currency_mismatch' });
      expect(await ledger.transferBetweenWallets({ transferId: randomUUID(), fromAccountId: payee, toAccountId: payee, currency: 'KES', amount: 1n }).catch((e) => e))
        .toBeInstanceOf(LedgerUsageError);
      expect((await ledger.checkInvariants()).ok).toBe(true);
    });

    test('concurrent transfers out of one wallet take exactly what it holds', async () => {
      const payer = await wallet();
      const payees = await Promise.all([wallet(), wallet(), wallet()]);
      await ledger.deposit({ depositId: randomUUID(), walletAccountId: payer, currency: 'KES', amount: 10_000n });
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => ledger.transferBetweenWallets({
        transferId: randomUUID(), fromAccountId: payer, toAccountId: payees[i % 3]!, currency: 'KES', amount: 700n,
      })));
      expect(results.filter((r) => r.ok)).toHaveLength(14);
      expect(results.filter((r) => !r.ok && r.failure === 'insufficient_funds')).toHaveLength(16);
      expect(await ledger.balance(payer)).toEqual({ available: 200n, pending: 0n });
      expect((await ledger.checkInvariants()).ok).toBe(true);
    });
  });
}
