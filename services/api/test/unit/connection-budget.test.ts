// Issue 26: "the connection budget of a typical deployment fits the defaults with room for the CLI
// and monitoring". A typical deployment is 2 API processes (RUN_WORKERS=false) and 2 worker
// processes on one PostgreSQL with its default max_connections (100, 3 of them reserved for
// superusers). Before decision 0571 the defaults took 96 (22 + 22 + 26 + 26). docs/operations.md
// "Topology and connections" states the formula and this figure.
import { describe, expect, it } from 'vitest';
import { connectionsPerProcess, loadConfig } from '../../src/config.ts';

/** PostgreSQL's default max_connections (the embedded cluster's too). */
const postgresMaxConnectionsDefault = 100;
/**
 * The most the defaults may take for 2 API + 2 worker processes: 24 of the 100 stay free for
 * `./payagg` commands (one each), `./payagg db migrate`, psql sessions, a metrics scraper and the
 * 3 superuser-reserved slots, and for one more process of either kind during a rolling restart.
 */
const twoPlusTwoConnectionsMax = 76;

const api = () => connectionsPerProcess(loadConfig({ DATABASE_URL: 'postgres://db/payagg', RUN_WORKERS: 'false' })).total;
const worker = () => connectionsPerProcess(loadConfig({ DATABASE_URL: 'postgres://db/payagg' }, 'worker')).total;

describe('the connection budget of a 2 API + 2 worker deployment', () => {
  it(`takes at most ${twoPlusTwoConnectionsMax} of PostgreSQL's default ${postgresMaxConnectionsDefault} with the default pools`, () => {
    const total = 2 * api() + 2 * worker();
    expect(total).toBe(76); // the figure docs/operations.md states
    expect(total).toBeLessThanOrEqual(twoPlusTwoConnectionsMax);
  });

  it('leaves room for one more process of either kind (a rolling restart) and the operator tools', () => {
    expect(3 * api() + 2 * worker()).toBeLessThan(postgresMaxConnectionsDefault - 3);
    expect(2 * api() + 3 * worker()).toBeLessThan(postgresMaxConnectionsDefault - 3);
  });
});
