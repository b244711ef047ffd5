// A throw-away TigerBeetle cluster on loopback for the fault tests (issue 26, decision 0580): its
// own data files in a temp dir, its own cluster id, its own ports; replicas can be SIGKILLed and
// restarted on their same data file. The server binary is found as scripts/tigerbeetle.sh finds it
// (TIGERBEETLE_BIN, else ../shared/tigerbeetle/0.17.5/tigerbeetle beside the checkout or beside the
// main checkout of a git worktree); without one, findTigerBeetle says why and the tests skip.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server version the ledger's tigerbeetle-node client pins (a cluster refuses other clients). */
export const tigerBeetleVersion = '0.17.5';
/** A small grid cache, as scripts/tigerbeetle.sh: the default wants GiBs; these tests touch a few hundred accounts. */
const cacheGrid = '256MiB';
/** Lowest port tried: below it live well-known services; above the range's top, the kernel's ephemeral ports. */
const portFloor = 20_000;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export function findTigerBeetle(): { bin: string } | { skipReason: string } {
  const explicit = process.env.TIGERBEETLE_BIN?.trim();
  if (explicit) {
    if (isExecutable(explicit)) return { bin: explicit };
    // Whoever set it meant the tests to run: fail rather than skip.
    throw new Error(`TIGERBEETLE_BIN=${explicit} is not an executable file`);
  }
  const relative = path.join('shared/tigerbeetle', tigerBeetleVersion, 'tigerbeetle');
  const beside = path.resolve(repoRoot, '..', relative);
  if (isExecutable(beside)) return { bin: beside };
  try {
    const common = execFileSync('git', ['-C', repoRoot, 'rev-parse', '--path-format=absolute', '--git-common-dir'], { encoding: 'utf8' }).trim();
    const besideMain = path.resolve(path.dirname(common), '..', relative);
    if (isExecutable(besideMain)) return { bin: besideMain };
  } catch { /* not a git checkout: only the first two places count */ }
  return { skipReason: `no TigerBeetle server: neither TIGERBEETLE_BIN nor ../${relative} (see ../shared/tigerbeetle/README.md)` };
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Free loopback ports below the kernel's ephemeral range: a port chosen inside it could be taken,
 * while its replica is down, by another process's outgoing connection, and the replica could then
 * never restart on it (AddressInUse; seen while writing this test).
 */
async function freePorts(count: number): Promise<number[]> {
  let ceiling = 32_768;
  try {
    ceiling = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || ceiling;
  } catch { /* not Linux: the IANA range's default floor */ }
  const ports: number[] = [];
  while (ports.length < count) {
    const port = randomInt(portFloor, ceiling);
    if (!ports.includes(port) && await bindable(port)) ports.push(port);
  }
  return ports;
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

type Replica = { index: number; dataFile: string; process: ChildProcess | null; logFile: string; starts: number };

export type TigerBeetleCluster = {
  clusterId: bigint;
  /** TB_ADDRESSES for the service: every replica, in replica order. */
  addresses: string;
  /** The primary of the highest view any running replica has entered normally (view mod replica count). */
  primary(): number;
  /** SIGKILLs a replica and waits for it to be gone. */
  kill(index: number): Promise<void>;
  /** Starts a replica again on its same data file (it catches up from the others). */
  restart(index: number): Promise<void>;
  /** True once a replica started last by restart() has joined a view (its log says so). */
  hasJoined(index: number): boolean;
  running(): number[];
  /** Every replica's log so far, for a failure message. */
  logs(): string;
  close(): Promise<void>;
};

/**
 * Formats `replicaCount` replicas of a fresh cluster in a temp dir, starts them all and waits until
 * every one has entered a view (each opens its ~1 GiB data file first: 10-20 s on two busy cores),
 * so that the first requests are not spent waiting for the cluster to form.
 */
export async function startTigerBeetleCluster(bin: string, replicaCount = 3, readyTimeoutMs = 120_000): Promise<TigerBeetleCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payagg-tb-cluster-'));
  // Its own cluster id: a client of another cluster (the run's single replica) is refused, never mixed in.
  const clusterId = BigInt(randomInt(1, 2 ** 47));
  const ports = await freePorts(replicaCount);
  const addresses = ports.map((port) => `127.0.0.1:${port}`).join(',');
  const replicas: Replica[] = ports.map((_port, index) => ({
    index, dataFile: path.join(dir, `${clusterId}_${index}.tigerbeetle`), process: null, logFile: '', starts: 0,
  }));
  for (const replica of replicas) {
    execFileSync(bin, ['format', `--cluster=${clusterId}`, `--replica=${replica.index}`, `--replica-count=${replicaCount}`, replica.dataFile],
      { stdio: ['ignore', 'ignore', 'pipe'] });
  }

  const start = (replica: Replica) => {
    replica.starts += 1;
    replica.logFile = path.join(dir, `replica-${replica.index}.${replica.starts}.log`);
    const log = fs.openSync(replica.logFile, 'w');
    replica.process = spawn(bin, ['start', `--addresses=${addresses}`, `--cache-grid=${cacheGrid}`, replica.dataFile],
      { stdio: ['ignore', log, log] });
    fs.closeSync(log);
  };
  const logOf = (replica: Replica) => (replica.logFile ? fs.readFileSync(replica.logFile, 'utf8') : '');
  // "1N: transition_to_normal_from_view_change_status: view=3..3 primary", "0n: ...recovering_status: view=0 backup"
  const normalViews = (replica: Replica) =>
    [...logOf(replica).matchAll(/transition_to_normal_from_\w+: view=(?:\d+\.\.)?(\d+)/g)].map((m) => Number(m[1]));

  for (const replica of replicas) start(replica);
  // Even if the test's hooks time out (a request stuck on a cluster without quorum), the replicas
  // (about 2 GiB of memory each) and their data files do not outlive the test process.
  const killAtExit = () => {
    for (const replica of replicas) replica.process?.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', killAtExit);
  const deadline = Date.now() + readyTimeoutMs;
  while (!replicas.every((replica) => normalViews(replica).length > 0)) {
    const dead = replicas.find((replica) => replica.process?.exitCode !== null);
    if (dead || Date.now() > deadline) {
      process.off('exit', killAtExit);
      for (const replica of replicas) replica.process?.kill('SIGKILL');
      const logs = replicas.map((replica) => `--- replica ${replica.index}\n${logOf(replica).split('\n').slice(-20).join('\n')}`).join('\n');
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`the TigerBeetle cluster did not form (${dead ? `replica ${dead.index} exited` : `${readyTimeoutMs} ms`}):\n${logs}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    clusterId,
    addresses,
    primary() {
      const views = replicas.filter((r) => r.process).flatMap(normalViews);
      if (views.length === 0) throw new Error('no replica has entered a view yet');
      return Math.max(...views) % replicaCount;
    },
    async kill(index) {
      const child = replicas[index]!.process;
      if (!child) return;
      replicas[index]!.process = null;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    async restart(index) {
      if (replicas[index]!.process) throw new Error(`replica ${index} is running`);
      start(replicas[index]!);
    },
    hasJoined(index) {
      return normalViews(replicas[index]!).length > 0;
    },
    running() {
      return replicas.filter((r) => r.process && r.process.exitCode === null).map((r) => r.index);
    },
    logs() {
      return replicas.map((r) => `--- replica ${r.index} (${r.logFile})\n${logOf(r).split('\n').slice(-30).join('\n')}`).join('\n');
    },
    async close() {
      for (const replica of replicas) {
        const child = replica.process;
        replica.process = null;
        if (child && child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGKILL');
          await exited;
        }
      }
      // About 1 GiB per replica.
      fs.rmSync(dir, { recursive: true, force: true });
      process.off('exit', killAtExit);
    },
  };
}
