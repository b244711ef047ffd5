// Cursor iteration over list endpoints: request a page, yield its items, pass `meta.next_cursor`
// back unchanged as `cursor`, stop when it is null. Failures are thrown as ApiError because an
// iterator has no per-page result value to return them in.
import type { Client, ClientPathsWithMethod, MaybeOptionalInit, MethodResponse } from 'openapi-fetch';
import { ApiError } from './api-error.ts';

/** Hard stop for listAll: beyond this many items, use paginate and stream instead. */
export const listAllItemsMax = 100_000;

type MediaTypeAny = `${string}/${string}`;
type AnyClient = Client<any, MediaTypeAny>;
type ClientPaths<C> = C extends Client<infer Paths, MediaTypeAny> ? Paths : never;

type GetPath<C extends AnyClient> = ClientPathsWithMethod<C, 'get'>;

/** Paths of a client whose GET answers `{ data: Item[], meta: { next_cursor } }` (next_cursor required). */
export type PaginatedPath<C extends AnyClient> = {
  [P in GetPath<C>]: MethodResponse<C, 'get', P> extends { data: readonly unknown[]; meta: { next_cursor: string | null } }
    ? P
    : never;
}[GetPath<C>];

/** The item type of a paginated path's `data` array. */
export type PageItem<C extends AnyClient, P extends PaginatedPath<C>> =
  MethodResponse<C, 'get', P & GetPath<C>> extends { data: readonly (infer Item)[] } ? Item : never;

/** The request options of a paginated GET (query filters, limit, headers...); cursor is managed. */
export type PaginateInit<C extends AnyClient, P extends PaginatedPath<C>> = MaybeOptionalInit<
  ClientPaths<C>[P],
  'get'
>;

/** Yields every item of every page, in order. */
export async function* paginate<C extends AnyClient, P extends PaginatedPath<C>>(
  client: C,
  path: P,
  init?: PaginateInit<C, P>,
): AsyncGenerator<PageItem<C, P>, void, undefined> {
  const base = (init ?? {}) as { params?: { query?: Record<string, unknown> } & Record<string, unknown> };
  const seenCursors = new Set<string>();
  // A caller may resume from a cursor saved earlier; otherwise the first page has none.
  const startCursor = base.params?.query?.cursor;
  let cursor: string | undefined = typeof startCursor === 'string' && startCursor !== '' ? startCursor : undefined;
  for (;;) {
    const query: Record<string, unknown> = { ...base.params?.query };
    if (cursor === undefined) delete query.cursor;
    else query.cursor = cursor;
    const result = (await (client as AnyClient).GET(path as never, {
      ...base,
      params: { ...base.params, query },
    } as never)) as { data?: unknown; error?: unknown; response: Response };
    if (!result.response.ok || result.error !== undefined) throw ApiError.from(result.error, result.response);
    const page = result.data as { data?: unknown; meta?: { next_cursor?: unknown } } | undefined;
    if (!page || !Array.isArray(page.data)) {
      throw new ApiError({
        status: result.response.status,
        code: 'UNEXPECTED_RESPONSE',
        message: `GET ${String(path)} did not return a list envelope`,
        requestId: result.response.headers.get('X-Request-Id'),
      });
    }
    for (const item of page.data) yield item as PageItem<C, P>;
    const next = page.meta?.next_cursor;
    if (next === null || next === undefined) return;
    if (typeof next !== 'string' || next.length === 0) {
      throw new ApiError({
        status: result.response.status,
        code: 'UNEXPECTED_RESPONSE',
        message: `meta.next_cursor must be a non-empty string or null, got ${JSON.stringify(next)}`,
        requestId: result.response.headers.get('X-Request-Id'),
      });
    }
    // A server that hands back a cursor it already gave would loop forever; stop loudly instead.
    if (seenCursors.has(next)) {
      throw new ApiError({
        status: result.response.status,
        code: 'UNEXPECTED_RESPONSE',
        message: `meta.next_cursor repeated an earlier cursor; stopping to avoid an endless loop`,
        requestId: result.response.headers.get('X-Request-Id'),
      });
    }
    seenCursors.add(next);
    cursor = next;
  }
}

/** Collects every item of every page into one array (at most `itemsMax`). */
export async function listAll<C extends AnyClient, P extends PaginatedPath<C>>(
  client: C,
  path: P,
  init?: PaginateInit<C, P>,
  options?: { itemsMax?: number },
): Promise<PageItem<C, P>[]> {
  const itemsMax = options?.itemsMax ?? listAllItemsMax;
  const items: PageItem<C, P>[] = [];
  for await (const item of paginate(client, path, init)) {
    if (items.length >= itemsMax) {
      throw new RangeError(`listAll stopped at ${itemsMax} items; iterate with paginate() for more`);
    }
    items.push(item);
  }
  return items;
}
