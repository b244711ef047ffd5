// CPU time of processes, read from Linux's /proc (user + system, in milliseconds): how the
// benchmarks say what a request costs each process (the service, its PostgreSQL, the load
// generator), which a rate alone cannot say on a machine whose cores they all share.
import fs from 'node:fs';
import path from 'node:path';
import { clusterDirName } from '../../src/db/embedded.ts';

// USER_HZ: the unit of /proc/<pid>/stat times, 100 on every Linux architecture Node supports.
const clock_ticks_per_s = 100;

/** user + system CPU milliseconds of `pid` (0 once it has exited). */
export function cpuMs(pid: number): number {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / clock_ticks_per_s) * 1000;
}

/** The postmaster of the embedded cluster under DATA_DIR and all its children (backends, WAL writer, checkpointer...). */
export function embeddedPostgresPids(dataDir: string): number[] {
  const pidFile = path.join(dataDir, clusterDirName, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return [];
  const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  const children = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** CPU milliseconds of a set of processes; the set is read again each time (backends come and go). */
export function cpuMsOf(pids: () => number[]): number {
  return pids().reduce((total, pid) => total + cpuMs(pid), 0);
}

/** Field by field, the median of rounds of the same costs (each field's own middle value). */
export function medianEachField<Cost extends Record<string, number>>(rounds: readonly Cost[]): Cost {
  const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const fields = Object.keys(rounds[0]!) as (keyof Cost & string)[];
  return Object.fromEntries(fields.map((field) => [field, middle(rounds.map((round) => round[field]!))])) as Cost;
}
