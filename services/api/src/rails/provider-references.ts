// A real provider connector's memory of its own calls (migrations/0660_provider_references.sql,
// decision 0662), for providers that key nothing by our reference (M-Pesa): claim before sending,
// bind the provider's reference once answered, release a claim the provider certainly refused.
// One statement per call, outside any transaction of the product: a connector calls it around
// its provider call, never inside a database transaction of a flow.
import type { Sql } from 'postgres';

export interface ProviderReferenceRow {
  ourReference: string;
  requestSha256: string;
  providerReference: string | null;
  details: Record<string, unknown>;
}

export interface ProviderReferenceStore {
  /** Claims `ourReference`: null when this call claimed it, the row already there otherwise. */
  claim(kind: string, ourReference: string, requestSha256: string, details?: Record<string, unknown>): Promise<ProviderReferenceRow | null>;
  /** Binds the provider's reference (false when another of ours holds it, or ours holds another). */
  bind(kind: string, ourReference: string, providerReference: string, details?: Record<string, unknown>): Promise<boolean>;
  /** Forgets a claim the provider certainly did not act on, so a retry may send it. */
  release(kind: string, ourReference: string): Promise<void>;
  byOurReference(kind: string, ourReference: string): Promise<ProviderReferenceRow | null>;
  byProviderReference(kind: string, providerReference: string): Promise<ProviderReferenceRow | null>;
  /** Adds to a row's details; a key already there keeps its value (the first confirmed result wins). */
  note(kind: string, ourReference: string, details: Record<string, unknown>): Promise<void>;
}

type Row = { our_reference: string; request_sha256: string; provider_reference: string | null; details: Record<string, unknown> };

const rowOf = (row: Row): ProviderReferenceRow => ({
  ourReference: row.our_reference, requestSha256: row.request_sha256, providerReference: row.provider_reference, details: row.details,
});

export function createProviderReferenceStore(sql: Sql, provider: string): ProviderReferenceStore {
  const json = (value: Record<string, unknown>) => sql.json(value as Parameters<typeof sql.json>[0]);
  return {
    async claim(kind, ourReference, requestSha256, details = {}) {
      const inserted = await sql<Row[]>`
        INSERT INTO provider_references (provider, kind, our_reference, request_sha256, details)
        VALUES (${provider}, ${kind}, ${ourReference}, ${requestSha256}, ${json(details)})
        ON CONFLICT DO NOTHING RETURNING our_reference`;
      if (inserted.length > 0) return null;
      const held = await this.byOurReference(kind, ourReference);
      if (held === null) throw new Error('provider reference claim vanished');
      return held;
    },
    async bind(kind, ourReference, providerReference, details = {}) {
      try {
        const rows = await sql`
          UPDATE provider_references SET provider_reference = ${providerReference}, details = details || ${json(details)}
          WHERE provider = ${provider} AND kind = ${kind} AND our_reference = ${ourReference}
            AND (provider_reference IS NULL OR provider_reference = ${providerReference})
          RETURNING our_reference`;
        return rows.length > 0;
      } catch (error) {
        if ((error as { code?: string }).code === '23505') return false;
        throw error;
      }
    },
    async release(kind, ourReference) {
      await sql`DELETE FROM provider_references WHERE provider = ${provider} AND kind = ${kind} AND our_reference = ${ourReference}`;
    },
    async byOurReference(kind, ourReference) {
      const rows = await sql<Row[]>`
        SELECT our_reference, request_sha256, provider_reference, details FROM provider_references
        WHERE provider = ${provider} AND kind = ${kind} AND our_reference = ${ourReference}`;
      return rows[0] === undefined ? null : rowOf(rows[0]);
    },
    async byProviderReference(kind, providerReference) {
      const rows = await sql<Row[]>`
        SELECT our_reference, request_sha256, provider_reference, details FROM provider_references
        WHERE provider = ${provider} AND kind = ${kind} AND provider_reference = ${providerReference}`;
      return rows[0] === undefined ? null : rowOf(rows[0]);
    },
    async note(kind, ourReference, details) {
      await sql`
        UPDATE provider_references SET details = ${json(details)} || details
        WHERE provider = ${provider} AND kind = ${kind} AND our_reference = ${ourReference}`;
    },
  };
}

/** The migration that creates the table, for tests that run a connector on a bare database. */
export const providerReferencesMigrationUrl = new URL('../../migrations/0660_provider_references.sql', import.meta.url);
