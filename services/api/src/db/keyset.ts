// Keyset positions for newest-first lists: store functions order by `created_at desc, id desc`
// and continue after a position with keysetCondition. The cursor that carries a position to and
// from clients is the HTTP layer's (http/pagination.ts).
import type { PendingQuery, Queryable } from './index.ts';

/** A position in a newest-first list: the last row of the previous page. */
export type Keyset = { created_at: Date; id: string };

/** `(created_at, id) < (after)` for a newest-first keyset, or `true` on the first page. */
export function keysetCondition(sql: Queryable, after: Keyset | null, table?: string): PendingQuery {
  if (!after) return sql`true`;
  const createdAt = table ? sql(`${table}.created_at`) : sql`created_at`;
  const id = table ? sql(`${table}.id`) : sql`id`;
  return sql`(${createdAt}, ${id}) < (${after.created_at}::timestamptz, ${after.id}::uuid)`;
}
