// Payout destinations (additive POST /payout-destinations, GET /payout-destinations/{id}): the
// tokenization flow the seed's `destination_ref` comes from. A merchant gives a destination's
// details once; payouts name its token. The same details for the same merchant give the same
// destination (Paystack's transfer recipients, Flutterwave's beneficiaries). The details are
// sealed at rest (crypto/destination-vault.ts) and never returned, never logged: the resource
// carries a masked label. docs/payouts.md, decision 0241.
import { randomUUID } from 'node:crypto';
import type { Schema } from '@payagg/contract';
import type { DestinationDetails, DestinationVault } from '../crypto/destination-vault.ts';
import { pooledRandomBytes } from '../crypto/random-pool.ts';
import type { Queryable } from '../db/index.ts';
import { write, type WriteTarget } from '../db/write.ts';
import { fieldsRefusal, Refusal } from '../domain/outcomes.ts';

export type DestinationType = 'mobile_money' | 'bank' | 'card';

export type PayoutDestinationRow = {
  id: string;
  merchant_id: string;
  destination_ref: string;
  destination_type: DestinationType;
  country: string;
  currency: string;
  label: string;
  fingerprint: Buffer;
  details_sealed: Buffer;
  created_at: Date;
};

/** spec: PayoutDestinationCreate, as the validator lets it through. */
export type PayoutDestinationCreate = Schema<'PayoutDestinationCreate'>;
export type PayoutDestinationResource = Schema<'PayoutDestination'>;

/** `dst_<type>_` + 22 base-36 characters (about 113 random bits). */
export const destinationRefRandomLength = 22;
const refPrefixByType: Readonly<Record<DestinationType, string>> = { mobile_money: 'mm', bank: 'bank', card: 'card' };
/** How many trailing characters the masked label shows (`****6789`). */
export const destinationLabelVisibleMax = 4;

/** The details of the request's own type (fields of other types are ignored, never stored). */
export function detailsOf(request: PayoutDestinationCreate): DestinationDetails {
  switch (request.destination_type) {
    case 'mobile_money':
      return { destination_type: 'mobile_money', phone: request.phone! };
    case 'bank':
      return { destination_type: 'bank', bank_code: request.bank_code!, account_number: request.account_number!, account_name: request.account_name ?? null };
    case 'card':
      return { destination_type: 'card', card_token: request.card_token! };
  }
}

/** `****` and the last 4 characters of the phone, account number or card token. */
export function maskedLabel(details: DestinationDetails): string {
  const value = details.destination_type === 'mobile_money' ? details.phone
    : details.destination_type === 'bank' ? details.account_number : details.card_token;
  return `****${value.slice(-destinationLabelVisibleMax)}`;
}

export function newDestinationRef(type: DestinationType): string {
  let random = '';
  for (const byte of pooledRandomBytes(destinationRefRandomLength)) random += (byte % 36).toString(36);
  return `dst_${refPrefixByType[type]}_${random}`;
}

/**
 * POST /payout-destinations: the merchant's destination with these details, created on first
 * use. Two concurrent first uses create one row (the unique fingerprint; the loser reads the winner's).
 */
export async function tokenizeDestination(target: WriteTarget & { vault: DestinationVault }, merchantId: string,
  request: PayoutDestinationCreate): Promise<PayoutDestinationRow> {
  const details = detailsOf(request);
  const fingerprint = target.vault.fingerprint(merchantId, request, details);
  const existing = await findByFingerprint(target.sql, merchantId, fingerprint);
  if (existing) return existing;
  const id = randomUUID();
  return await write(target, { prepare: async (tx) => {
    const [row] = await tx<PayoutDestinationRow[]>`
      insert into payout_destinations (id, merchant_id, destination_ref, destination_type, country, currency, label, fingerprint, details_sealed)
      values (${id}, ${merchantId}, ${newDestinationRef(request.destination_type)}, ${request.destination_type}, ${request.country},
              ${request.currency}, ${maskedLabel(details)}, ${fingerprint}, ${target.vault.seal(id, details)})
      on conflict (merchant_id, fingerprint) do nothing
      returning *`;
    return row ?? (await findByFingerprint(tx, merchantId, fingerprint))!;
  } });
}

async function findByFingerprint(q: Queryable, merchantId: string, fingerprint: Buffer): Promise<PayoutDestinationRow | null> {
  const [row] = await q<PayoutDestinationRow[]>`
    select * from payout_destinations where merchant_id = ${merchantId} and fingerprint = ${fingerprint}`;
  return row ?? null;
}

/** GET /payout-destinations/{id}: the merchant's own (another merchant's reads as absent). */
export async function getPayoutDestination(q: Queryable, merchantId: string, id: string): Promise<PayoutDestinationRow> {
  const [row] = await q<PayoutDestinationRow[]>`select * from payout_destinations where id = ${id} and merchant_id = ${merchantId}`;
  if (!row) throw new Refusal('no_such_payout_destination', 'The payout destination does not exist or is not accessible.');
  return row;
}

export function toPayoutDestinationResource(row: PayoutDestinationRow): PayoutDestinationResource {
  return {
    id: row.id,
    destination_ref: row.destination_ref,
    destination_type: row.destination_type,
    country: row.country,
    currency: row.currency,
    label: row.label,
    created_at: row.created_at.toISOString(),
  } satisfies Schema<'PayoutDestination'>;
}

// ----- Destinations as payouts name them.

/**
 * A value that is not a token but the details themselves: a card number (12 to 19 digits, grouped
 * or not), a phone number (7 to 15 digits, optional +), or an account number or IBAN (digits, or
 * two letters, two digits and more): refused with a message saying to tokenize first, and never
 * echoed back or logged.
 */
const rawDetailsPattern = /^(?:\+?[0-9][0-9 -]{5,22}[0-9]|[A-Z]{2}[0-9]{2}[A-Z0-9]{8,30})$/i;

export function looksLikeRawDetails(value: string): boolean {
  return !value.startsWith('dst_') && rawDetailsPattern.test(value.trim());
}

/** The field names a payout's destination lives under (bulk items: `body.payouts[3].destination_ref`). */
export type DestinationFields = { ref: string; type: string; currency: string };

/**
 * The destinations `refs` name, for payouts of `merchantId`, in one query: refuses (422, naming the
 * field) a raw account or card number, a ref the merchant does not own, a type other than the
 * destination's, or a payout currency other than the destination's. Every problem of every item
 * is reported at once.
 */
export async function resolveDestinations(q: Queryable, merchantId: string, items: ReadonlyArray<{
  destinationRef: string; destinationType: DestinationType; currency: string; fields: DestinationFields;
}>): Promise<PayoutDestinationRow[]> {
  const refs = [...new Set(items.map((item) => item.destinationRef))];
  const rows = await q<PayoutDestinationRow[]>`
    select * from payout_destinations where merchant_id = ${merchantId} and destination_ref = any(${refs}::text[])`;
  const byRef = new Map(rows.map((row) => [row.destination_ref, row]));
  const problems: { field: string; message: string }[] = [];
  let raw = false;
  const resolved = items.map((item) => {
    const row = byRef.get(item.destinationRef);
    if (!row) {
      if (looksLikeRawDetails(item.destinationRef)) {
        raw = true;
        problems.push({ field: item.fields.ref, message: 'looks like a raw account, phone or card number; tokenize it first with POST /payout-destinations and send its destination_ref' });
      } else {
        problems.push({ field: item.fields.ref, message: 'is not a payout destination of this merchant (POST /payout-destinations returns one)' });
      }
      return null;
    }
    if (row.destination_type !== item.destinationType) {
      problems.push({ field: item.fields.type, message: `must be the destination's type (${row.destination_type})` });
    }
    if (row.currency !== item.currency) {
      problems.push({ field: item.fields.currency, message: `must be the destination's currency (${row.currency})` });
    }
    return row;
  });
  if (problems.length > 0) {
    throw fieldsRefusal(raw ? 'destination_ref_is_raw_details' : 'payout_destination_not_usable', problems,
      raw ? 'Payouts take a tokenized destination_ref, never raw account or card details: tokenize them first with POST /payout-destinations.'
        : undefined);
  }
  return resolved as PayoutDestinationRow[];
}

/** The sealed details of a destination, for the payout rail only (never logged, never returned). */
export async function openDestinationDetails(q: Queryable, vault: DestinationVault, destinationId: string): Promise<DestinationDetails> {
  const [row] = await q<Pick<PayoutDestinationRow, 'details_sealed'>[]>`select details_sealed from payout_destinations where id = ${destinationId}`;
  if (!row) throw new Error(`payout destination ${destinationId} not found`);
  return vault.open(destinationId, row.details_sealed);
}
