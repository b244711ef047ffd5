// GET /readyz (decision 0402): whether this process can serve requests now. `/healthz` stays a
// liveness check with no database round trip (decision 0100: a liveness probe that touched the
// database would restart healthy processes during a database incident); `/readyz` is what a load
// balancer or an orchestrator's readiness probe asks before sending traffic.
//
// Ready means: every pool the request path uses answers a trivial statement (`select 1`) within
// readinessProbeTimeoutMs, and so does the TigerBeetle cluster when the ledger runs on it (one
// account lookup: without a quorum it never answers, decision 0580). That one probe covers both failures issue 22 names: the database cannot
// be reached (the statement fails or never answers), and a pool is exhausted (every connection is
// taken by a transaction, or wedged: the statement queues behind them and does not answer in
// time). postgres.js pipelines statements onto busy connections, so a pool that is merely busy
// still answers. Not ready is 503 SERVICE_UNAVAILABLE in the envelope with Retry-After, naming
// the pools that did not answer.
//
// At most one probe per pool is in flight: a probe that has not answered is awaited again by the
// next check rather than joined by another, so polling /readyz against a stuck pool adds nothing
// to its queue. A probe that has not settled after readinessProbeAbandonMs is given up and the next
// check sends a fresh one: a statement the driver lost (handed to a connection while the database
// restarted, and never answered nor failed) must not keep a process "not ready" once its database
// is back (CI, stop 31: /readyz stayed 503 for the whole minute after a restart). A stuck pool so
// gets at most one more probe per readinessProbeAbandonMs.
import type { NextFunction, Request, Response } from 'express';
import { connectTimeoutS, type Sql } from '../db/index.ts';
import { sendError, sendOk } from './envelope.ts';
import { ApiError } from './errors.ts';

/**
 * How long a pool has to answer `select 1`. A healthy pool answers in about a millisecond; half a
 * second is far above that, and below the 1 s that orchestrators wait for a probe by default
 * (Kubernetes' timeoutSeconds), so /readyz itself answers in time.
 */
export const readinessProbeTimeoutMs = 500;
/**
 * How long an unsettled probe is awaited before a fresh one replaces it: the driver's own bound on
 * opening a connection (connectTimeoutS, 10 s), so a probe waiting on a connection attempt is not
 * given up before that attempt is.
 */
export const readinessProbeAbandonMs = connectTimeoutS * 1_000;
/** Retry-After of a 503: about how often a load balancer's health check asks again. */
export const readinessRetryAfterS = 5;

/**
 * What /readyz asks: a database pool (`select 1`), or any other dependency of the request path by
 * its own cheapest call (the TigerBeetle cluster: one account lookup, which needs a quorum).
 */
export type ReadinessPool = { name: string; sql: Sql } | { name: string; probe: () => Promise<unknown> };

type Probe = { settled: boolean; sentAt: number; answer: Promise<boolean> };

export function createReadinessCheck(pools: readonly ReadinessPool[], options: { timeoutMs?: number; abandonMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? readinessProbeTimeoutMs;
  const abandonMs = options.abandonMs ?? readinessProbeAbandonMs;
  const inFlight = new Map<string, Probe>();

  const probeOf = (pool: ReadinessPool): Promise<boolean> => {
    let probe = inFlight.get(pool.name);
    if (!probe || probe.settled || performance.now() - probe.sentAt >= abandonMs) {
      const started: Probe = { settled: false, sentAt: performance.now(), answer: Promise.resolve(false) };
      const asked = 'sql' in pool ? pool.sql`select 1` : pool.probe();
      started.answer = Promise.resolve(asked).then(() => true, () => false).finally(() => { started.settled = true; });
      inFlight.set(pool.name, started);
      probe = started;
    }
    let timer: NodeJS.Timeout | undefined;
    // On time-out, the answer waits one more turn of the event loop (setImmediate runs after the
    // loop has read the sockets): after a stall of the process itself (a long GC, a busy machine)
    // an answer that already arrived counts, so a slow event loop is not read as a slow database.
    const late = new Promise<boolean>((resolve) => { timer = setTimeout(() => setImmediate(() => resolve(false)), timeoutMs); });
    return Promise.race([probe.answer, late]).finally(() => clearTimeout(timer));
  };

  /** The names of the pools that did not answer in time (empty: ready). */
  return async function notAnswering(): Promise<string[]> {
    const answers = await Promise.all(pools.map(probeOf));
    return pools.filter((_, index) => !answers[index]).map((pool) => pool.name);
  };
}

/** GET /readyz, at exactly that path, outside the spec and without authentication like /healthz. */
export function readyz(check: () => Promise<string[]>) {
  return function readiness(req: Request, res: Response, next: NextFunction): void {
    if (req.path !== '/readyz' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    check().then((failing) => {
      if (failing.length === 0) return sendOk(res, { status: 'ready' });
      sendError(res, new ApiError('SERVICE_UNAVAILABLE', `Not ready: ${failing.join(', ')} did not answer within ${readinessProbeTimeoutMs} ms.`, {
        details: { pools: failing },
        headers: { 'Retry-After': String(readinessRetryAfterS) },
      }));
    }, next);
  };
}
