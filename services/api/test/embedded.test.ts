// The embedded default: with no DATABASE_URL the service runs its own PostgreSQL in DATA_DIR,
// keeps it across restarts, and shares it with a CLI run while the server is up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { resolveMasterKey } from '../src/crypto/master-key.ts';
import { connectDatabase, createPool } from '../src/db/index.ts';
import { clusterIsRunning } from '../src/db/embedded.ts';
import { createLogger } from '../src/log.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-embedded-'));
const logger = createLogger('silent');
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('starts once, is joined by a second process while running, stops with its owner, and keeps data', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const server = await connectDatabase(config, logger);
    expect(clusterIsRunning(path.join(dataDir, 'pg'))).toBe(true);
    const state = JSON.parse(fs.readFileSync(path.join(dataDir, 'postgres.json'), 'utf8'));
    expect(state.port).toBeGreaterThan(0);
    expect(fs.statSync(path.join(dataDir, 'postgres.json')).mode & 0o777).toBe(0o600);
    await server.sql`create table kept (v text)`;
    await server.sql`insert into kept values ('across restarts')`;

    // A second user (the CLI) connects to the running cluster and leaves it running.
    const cli = await connectDatabase(config, logger);
    expect((await cli.sql`select v from kept`)[0]?.v).toBe('across restarts');
    await cli.close();
    expect(clusterIsRunning(path.join(dataDir, 'pg'))).toBe(true);
    expect((await server.sql`select 1 as one`)[0]?.one).toBe(1);

    await server.close();
    expect(clusterIsRunning(path.join(dataDir, 'pg'))).toBe(false);

    // Restart: same port, same data.
    const again = await connectDatabase(config, logger);
    expect((await again.sql`select v from kept`)[0]?.v).toBe('across restarts');
    await again.close();
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'postgres.json'), 'utf8')).port).toBe(state.port);
  });

  it('last one out stops it: a starter that leaves while others are connected hands it over', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const cli = await connectDatabase(config, logger); // starts the cluster (a CLI command)
    const server = await connectDatabase(config, logger); // joins while it runs (a server starting)
    await cli.close();
    expect(clusterIsRunning(path.join(dataDir, 'pg'))).toBe(true);
    expect((await server.sql`select v from kept`)[0]?.v).toBe('across restarts');
    await server.close();
    expect(clusterIsRunning(path.join(dataDir, 'pg'))).toBe(false);
  });

  it('connects through the cluster\'s Unix socket, and still listens on TCP for other tools', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const server = await connectDatabase(config, logger);
    try {
      const state = JSON.parse(fs.readFileSync(path.join(dataDir, 'postgres.json'), 'utf8')) as { port: number; password: string };
      expect(new URL(server.url).searchParams.get('host')).toBe(path.join(dataDir, 'pg'));
      expect(fs.statSync(path.join(dataDir, 'pg', `.s.PGSQL.${state.port}`)).isSocket()).toBe(true);
      // client_addr is null for a Unix-socket connection, 127.0.0.1 over TCP.
      const [own] = await server.sql<{ addr: string | null }[]>`select client_addr::text as addr from pg_stat_activity where pid = pg_backend_pid()`;
      expect(own!.addr).toBeNull();
      const tcp = createPool(`postgres://postgres:${encodeURIComponent(state.password)}@127.0.0.1:${state.port}/payagg`, 1);
      const [viaTcp] = await tcp<{ addr: string | null }[]>`select client_addr::text as addr from pg_stat_activity where pid = pg_backend_pid()`;
      await tcp.end();
      expect(viaTcp!.addr).toBe('127.0.0.1/32');
    } finally {
      await server.close();
    }
  });

  it('generates the master key once into DATA_DIR/master.key with mode 0600', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = resolveMasterKey(config, logger);
    expect(first).toHaveLength(32);
    const file = path.join(dataDir, 'master.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveMasterKey(config, logger).equals(first)).toBe(true);
    const explicit = loadConfig({ DATA_DIR: dataDir, MASTER_KEY: 'cd'.repeat(32) });
    expect(resolveMasterKey(explicit, logger).toString('hex')).toBe('cd'.repeat(32));
  });
});
