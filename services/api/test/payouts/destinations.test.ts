// Payout destinations (additive POST /payout-destinations, GET /payout-destinations/{id}):
// tokens, masked labels, same details -> same destination, details sealed at rest and never
// returned or logged, and the payouts' refusal of refs that are not the merchant's tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../helpers/service.ts';
import { tablesContaining } from '../collections/helpers.ts';
import { createPayout, destinationRef, fundedWallet, startPayoutService, tokenize } from './helpers.ts';

let service: TestService;

beforeAll(async () => {
  service = await startPayoutService();
});
afterAll(async () => {
  await service?.close();
});

describe('POST /payout-destinations', () => {
  it('tokenizes mobile money, bank and card destinations with a masked label and never the details', async () => {
    const mm = await tokenize(service.client, { destination_type: 'mobile_money', country: 'KE', currency: 'KES', phone: '+254712346789' });
    expect(mm.response.status).toBe(200);
    expect(mm.data!.data).toMatchObject({ destination_type: 'mobile_money', country: 'KE', currency: 'KES', label: '****6789' });
    expect(mm.data!.data.destination_ref).toMatch(/^dst_mm_[0-9a-z]{22}$/);
    expect(Object.keys(mm.data!.data).sort()).toEqual(['country', 'created_at', 'currency', 'destination_ref', 'destination_type', 'id', 'label']);

    const bank = await tokenize(service.client, {
      destination_type: 'bank', country: 'NG', currency: 'NGN', bank_code: '058', account_number: '0123454321', account_name: 'Ada Obi',
    });
    expect(bank.data!.data).toMatchObject({ destination_type: 'bank', label: '****4321' });
    expect(bank.data!.data.destination_ref).toMatch(/^dst_bank_/);

    const card = await tokenize(service.client, { destination_type: 'card', country: 'ZA', currency: 'ZAR', card_token: 'tok_visa_debit_4242' });
    expect(card.data!.data).toMatchObject({ destination_type: 'card', label: '****4242' });

    const read = await service.client.GET('/payout-destinations/{id}', { params: { path: { id: bank.data!.data.id } } });
    expect(read.data!.data).toEqual(bank.data!.data);
  });

  it('returns the same destination for the same details (a leading + or a holder name does not make another)', async () => {
    const first = await tokenize(service.client, { destination_type: 'mobile_money', country: 'KE', currency: 'KES', phone: '+254700111222' });
    const again = await tokenize(service.client, { destination_type: 'mobile_money', country: 'KE', currency: 'KES', phone: '254700111222' });
    expect(again.data!.data.id).toBe(first.data!.data.id);
    expect(again.data!.data.destination_ref).toBe(first.data!.data.destination_ref);
    const bank1 = await tokenize(service.client, { destination_type: 'bank', country: 'KE', currency: 'KES', bank_code: '01', account_number: 'ab1234567' });
    const bank2 = await tokenize(service.client, { destination_type: 'bank', country: 'KE', currency: 'KES', bank_code: '01', account_number: 'AB1234567', account_name: 'X' });
    expect(bank2.data!.data.id).toBe(bank1.data!.data.id);
    // Another currency is another destination; so is another merchant's identical details.
    const otherCurrency = await tokenize(service.client, { destination_type: 'mobile_money', country: 'KE', currency: 'USD', phone: '+254700111222' });
    expect(otherCurrency.data!.data.id).not.toBe(first.data!.data.id);
    const other = await service.createMerchant('Other');
    const theirs = await tokenize(other.client, { destination_type: 'mobile_money', country: 'KE', currency: 'KES', phone: '+254700111222' });
    expect(theirs.data!.data.id).not.toBe(first.data!.data.id);
  });

  it('two concurrent first uses of the same details make one destination', async () => {
    const body = { destination_type: 'mobile_money', country: 'UG', currency: 'UGX', phone: '+256700555444' } as const;
    const answers = await Promise.all(Array.from({ length: 6 }, () => tokenize(service.client, body)));
    expect(new Set(answers.map((a) => a.data!.data.id)).size).toBe(1);
  });

  it('refuses missing per-type fields and raw card numbers with 422 naming the field', async () => {
    const noPhone = await tokenize(service.client, { destination_type: 'mobile_money', country: 'KE', currency: 'KES' });
    expect(noPhone.response.status).toBe(422);
    expect(JSON.stringify(noPhone.error)).toContain('phone');
    const noAccount = await tokenize(service.client, { destination_type: 'bank', country: 'KE', currency: 'KES', bank_code: '01' });
    expect(noAccount.response.status).toBe(422);
    expect(JSON.stringify(noAccount.error)).toContain('account_number');
    const rawCard = await tokenize(service.client, { destination_type: 'card', country: 'KE', currency: 'KES', card_token: '4111111111111111' });
    expect(rawCard.response.status).toBe(422);
    expect(rawCard.error!.error.details!.fields!.map((f: { field: string }) => f.field)).toContain('body.card_token');
  });

  it('keeps the details sealed: no table and no log line holds them; another merchant reads 404', async () => {
    const phone = '+254799887766';
    const created = await tokenize(service.client, { destination_type: 'mobile_money', country: 'KE', currency: 'KES', phone });
    expect(await tablesContaining(service.sql, '799887766')).toEqual([]);
    expect(JSON.stringify(service.logs)).not.toContain('799887766');
    const other = await service.createMerchant('Stranger');
    const read = await other.client.GET('/payout-destinations/{id}', { params: { path: { id: created.data!.data.id } } });
    expect(read.response.status).toBe(404);
    // A sealed value moved to another row does not open (the id is bound to it).
    const [a, b] = await service.sql<{ id: string; details_sealed: Buffer }[]>`select id, details_sealed from payout_destinations limit 2`;
    const vault = service.runtime.payouts.vault;
    expect(vault.open(a!.id, a!.details_sealed)).toHaveProperty('destination_type');
    expect(() => vault.open(b!.id, a!.details_sealed)).toThrow();
  });

  it('needs a payout-capable key', async () => {
    const readKey = await service.createKey({ scopes: ['write'] });
    const refused = await tokenize(service.clientFor(readKey), { destination_type: 'mobile_money', country: 'KE', currency: 'KES', phone: '+254700000011' });
    expect(refused.response.status).toBe(401);
    expect(refused.error!.error.code).toBe('AUTH_INVALID_KEY');
    const payoutKey = await service.createKey({ scopes: ['payout_only'] });
    const ok = await tokenize(service.clientFor(payoutKey), { destination_type: 'mobile_money', country: 'KE', currency: 'KES', phone: '+254700000011' });
    expect(ok.response.status).toBe(200);
  });
});

describe('payouts naming destinations', () => {
  it('refuse a raw account or card number with a message to tokenize first, and a foreign ref as not this merchant\'s', async () => {
    const walletId = await fundedWallet(service, service.client, 50_000);
    const base = { wallet_id: walletId, destination_type: 'mobile_money' as const, amount: 100, currency: 'KES' };
    for (const raw of ['+254712346789', '4111 1111 1111 1111', '0123454321']) {
      const refused = await createPayout(service.client, { ...base, destination_ref: raw });
      expect(refused.response.status).toBe(422);
      expect(refused.error!.error.message).toMatch(/tokenize/i);
      expect(refused.error!.error.details!.fields![0]).toMatchObject({ field: 'body.destination_ref' });
      expect(JSON.stringify(refused.error)).not.toContain(raw);
    }
    const other = await service.createMerchant('Another');
    const foreignRef = await destinationRef(other.client);
    const foreign = await createPayout(service.client, { ...base, destination_ref: foreignRef });
    expect(foreign.response.status).toBe(422);
    expect(foreign.error!.error.details!.fields![0]).toMatchObject({ field: 'body.destination_ref', message: expect.stringMatching(/not a payout destination of this merchant/) });
    // The destination's type and currency must be the payout's.
    const ref = await destinationRef(service.client);
    const wrongType = await createPayout(service.client, { ...base, destination_type: 'bank', destination_ref: ref });
    expect(wrongType.error!.error.details!.fields![0]).toMatchObject({ field: 'body.destination_type' });
  });
});
