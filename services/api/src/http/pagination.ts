// Cursor pagination for every list (seed: "Pagination"). Keyset over (created_at, id), newest first.
//
// Cursor = base64url(JSON {l: list name, t: created_at ms, i: id}) + "." + base64url(HMAC-SHA256).
// The HMAC (key derived from MASTER_KEY) makes the cursor tamper-evident: any change, or a cursor of
// another list, is a 422 VALIDATION_ERROR on `query.cursor`, never a 500 or a wrong page.
//
// Store functions order by `created_at desc, id desc` and use `keysetCondition` (db/keyset.ts) for
// the `after` position. created_at is stored at millisecond precision (see migrations/0001), the resolution
// of the Date the cursor carries, so the keyset comparison is exact.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Keyset } from '../db/keyset.ts';
import { validationError } from './errors.ts';

export { type Keyset, keysetCondition } from '../db/keyset.ts';

export const pageSizeMin = 1;
export const pageSizeMax = 100;
export const pageSizeDefault = 50;
// A cursor longer than this cannot be one of ours; refuse before decoding.
export const cursorLengthMax = 512;

export type Page<T> = { items: T[]; next_cursor: string | null };
export type PageRequest = { limit: number; after: Keyset | null };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Out-of-range limits are clamped, as the seed says; a limit that is not an integer is a 422. */
export function clampLimit(raw: unknown): number {
  if (raw === undefined || raw === null || raw === '') return pageSizeDefault;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!Number.isInteger(value)) throw validationError([{ field: 'query.limit', message: 'must be an integer' }]);
  return Math.min(pageSizeMax, Math.max(pageSizeMin, value));
}

export type CursorCodec = {
  encode(list: string, keyset: Keyset): string;
  /** Throws 422 VALIDATION_ERROR (field `query.cursor`) for anything that is not our cursor for `list`. */
  decode(list: string, cursor: string): Keyset;
  /**
   * A cursor carrying a position that is not a (created_at, id) keyset: a ledger timestamp for a
   * wallet's entries (decimal digits, at most 39). Signed and checked like the others.
   */
  encodePosition(list: string, position: bigint): string;
  decodePosition(list: string, cursor: string): bigint;
};

export function createCursorCodec(signingKey: Buffer): CursorCodec {
  const mac = (payload: string) => createHmac('sha256', signingKey).update(payload).digest();
  const invalid = () => validationError([{ field: 'query.cursor', message: 'is not a cursor returned by this list' }]);
  const sealed = (content: Record<string, unknown>) => {
    const payload = Buffer.from(JSON.stringify(content)).toString('base64url');
    return `${payload}.${mac(payload).toString('base64url')}`;
  };
  /** The cursor's content if it is exactly as we issued it for `list`; 422 otherwise. */
  const opened = (list: string, cursor: string): Record<string, unknown> => {
    if (typeof cursor !== 'string' || cursor.length > cursorLengthMax) throw invalid();
    const [payload, signature, extra] = cursor.split('.');
    if (!payload || !signature || extra !== undefined) throw invalid();
    // Compared as text, not decoded bytes: base64url has spare bits in its last character, and
    // a cursor must be accepted only exactly as we issued it.
    const given = Buffer.from(signature);
    const expected = Buffer.from(mac(payload).toString('base64url'));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw invalid();
    }
    if (typeof parsed !== 'object' || parsed === null || (parsed as { l?: unknown }).l !== list) throw invalid();
    return parsed as Record<string, unknown>;
  };
  return {
    encode(list, keyset) {
      return sealed({ l: list, t: keyset.created_at.getTime(), i: keyset.id });
    },
    decode(list, cursor) {
      const p = opened(list, cursor);
      if (!Number.isSafeInteger(p.t) || typeof p.i !== 'string' || !uuidPattern.test(p.i)) throw invalid();
      return { created_at: new Date(p.t as number), id: p.i };
    },
    encodePosition(list, position) {
      return sealed({ l: list, p: position.toString() });
    },
    decodePosition(list, cursor) {
      const p = opened(list, cursor);
      if (typeof p.p !== 'string' || !/^[0-9]{1,39}$/.test(p.p)) throw invalid();
      return BigInt(p.p);
    },
  };
}

export type Paginator = {
  readonly codec: CursorCodec;
  /** Parses `cursor` and `limit` from a (validated) query object. */
  parse(list: string, query: { cursor?: unknown; limit?: unknown }): PageRequest;
  /**
   * Runs one page: calls `fetchRows(after, take)` with take = limit + 1 (the extra row tells
   * whether another page exists) and returns at most `limit` items plus next_cursor.
   */
  page<T extends Keyset>(list: string, query: { cursor?: unknown; limit?: unknown }, fetchRows: (after: Keyset | null, take: number) => Promise<T[]>): Promise<Page<T>>;
};

export function createPaginator(signingKey: Buffer): Paginator {
  const codec = createCursorCodec(signingKey);
  const parse = (list: string, query: { cursor?: unknown; limit?: unknown }): PageRequest => {
    const limit = clampLimit(query.limit);
    const raw = query.cursor;
    if (raw === undefined || raw === null || raw === '') return { limit, after: null };
    if (typeof raw !== 'string') throw validationError([{ field: 'query.cursor', message: 'must be a string' }]);
    return { limit, after: codec.decode(list, raw) };
  };
  return {
    codec,
    parse,
    async page(list, query, fetchRows) {
      const request = parse(list, query);
      const rows = await fetchRows(request.after, request.limit + 1);
      const items = rows.slice(0, request.limit);
      const last = items.at(-1);
      const nextCursor = rows.length > request.limit && last ? codec.encode(list, { created_at: last.created_at, id: last.id }) : null;
      return { items, next_cursor: nextCursor };
    },
  };
}
