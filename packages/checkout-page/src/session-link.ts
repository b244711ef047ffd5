// What the page learns from its own address: the session id (the last path segment,
// /checkout/{id}) and the client_token (the fragment, #token=cst_...). The merchant's
// checkout_url puts the token in the fragment because browsers never send a fragment to any
// server: it reaches no access log, proxy or Referer header.
//
// Once read, the token is kept in sessionStorage (this tab only, gone when it closes) and the
// fragment is removed from the address bar, so the token is not left on screen, in the history
// entry or in a copied link, and a reload or the return from a card challenge still finds it.

const sessionIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const tokenPattern = /^[A-Za-z0-9_-]{1,255}$/;

export type SessionLink = { sessionId: string | null; token: string | null };

/** sessionStorage, or null where the browser refuses it (some private modes, storage disabled). */
export function tabStorage(): Storage | null {
  try {
    const storage = window.sessionStorage;
    const probe = 'payagg.checkout.probe';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

export function tokenStorageKey(sessionId: string): string {
  return `payagg.checkout.${sessionId}.token`;
}

export function sessionIdFromPath(pathname: string): string | null {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return sessionIdPattern.test(last) ? last.toLowerCase() : null;
}

export function tokenFromFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token !== null && tokenPattern.test(token) ? token : null;
}

/** Reads the link, keeps the token for this tab and takes it out of the address bar. */
export function readSessionLink(location: Location, history: History, storage: Storage | null): SessionLink {
  const sessionId = sessionIdFromPath(location.pathname);
  if (sessionId === null) return { sessionId: null, token: null };
  const fromFragment = tokenFromFragment(location.hash);
  if (fromFragment !== null) {
    if (storage !== null) {
      storage.setItem(tokenStorageKey(sessionId), fromFragment);
      // Only once it is kept: without storage a reload needs the fragment still there.
      history.replaceState(history.state, '', `${location.pathname}${location.search}`);
    }
    return { sessionId, token: fromFragment };
  }
  return { sessionId, token: storage?.getItem(tokenStorageKey(sessionId)) ?? null };
}
