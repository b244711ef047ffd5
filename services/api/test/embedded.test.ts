// The embedded default: with no DATABASE_URL the service runs its own PostgreSQL in DATA_DIR,
// keeps it across restarts, and shares it with a CLI run while the server is up.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { resolveMasterKey } from '../src/crypto/master-key.ts';
import { connectDatabase, createPool } from '../src/db/index.ts';
import { assertPostgresCanEnter, clusterIsRunning, EmbeddedFolderClosedError, firstFolderClosedTo } from '../src/db/embedded.ts';
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

// Issue 22 item 8: as root the cluster runs as the user postgres, which must be able to enter the
// folders of the binaries and of DATA_DIR. From a folder it cannot enter (a `mktemp -d` folder,
// /root) the program stops before spawning anything, with one sentence naming the folder and the fix.
describe('a folder the postgres user cannot enter', () => {
  const closedParent = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-closed-')); // mode 0700, like mktemp -d
  const closedDataDir = path.join(closedParent, 'data');
  afterAll(() => fs.rmSync(closedParent, { recursive: true, force: true }));
  const stranger = { uid: -1, gids: [] };

  it('names the first folder on the way that the user cannot enter', () => {
    expect(fs.statSync(closedParent).mode & 0o777).toBe(0o700);
    expect(firstFolderClosedTo(closedDataDir, stranger)).toEqual({ folder: closedParent, mode: 0o700 });
    expect(firstFolderClosedTo(os.tmpdir(), stranger)).toBeNull();
    // Its owner, or a member of its group with the group's search bit, may enter.
    const stat = fs.statSync(closedParent);
    expect(firstFolderClosedTo(closedParent, { uid: stat.uid, gids: [] })).toBeNull();
    fs.chmodSync(closedParent, 0o710);
    expect(firstFolderClosedTo(closedParent, { uid: -1, gids: [stat.gid] })).toBeNull();
    fs.chmodSync(closedParent, 0o700);
  });

  it('refuses with one sentence naming the folder and the fix', () => {
    const refuse = () => assertPostgresCanEnter({ dataDir: closedDataDir, binaryDir: null, who: stranger });
    expect(refuse).toThrow(EmbeddedFolderClosedError);
    expect(refuse).toThrow(`cannot enter ${closedParent} (mode 0700), so move DATA_DIR under a folder others can enter (such as /srv or /work), or run as a user other than root, or set DATABASE_URL.`);
    expect(() => assertPostgresCanEnter({ dataDir: os.tmpdir(), binaryDir: closedDataDir, who: stranger }))
      .toThrow(`cannot enter ${closedParent} (mode 0700), so move the checkout (its node_modules holds the PostgreSQL binaries) under`);
  });

  it.runIf(process.getuid?.() === 0)('as root, the server stops at start with that sentence on one line, no stack trace, nothing spawned', async () => {
    const mainFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');
    const child = spawn(process.execPath, [mainFile], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: closedDataDir, PORT: '0', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `configuration error: the embedded PostgreSQL runs as the user postgres (it refuses to run as root), which cannot enter ${closedParent} (mode 0700), `
      + 'so move DATA_DIR under a folder others can enter (such as /srv or /work), or run as a user other than root, or set DATABASE_URL.',
    ]);
    expect(fs.existsSync(path.join(closedDataDir, 'pg'))).toBe(false);
  });
});
