/**
 * CPU time by process, from /proc (Linux): what one request costs PostgreSQL, the platform and
 * the bench's own clients, so a throughput goal can be checked against what the machine's
 * cores can give at all. Nothing is measured where /proc is missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';

/** Whether this machine shows processes' CPU time (/proc). */
export const canMeasureCpu = existsSync('/proc/self/stat');

let ticks: number | undefined;

/** Clock ticks per second of /proc's utime and stime. */
function ticksPerSecond(): number {
  ticks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ticks;
}

/** A process's command name, parent and user + system CPU so far in ms; null when it is gone. */
function stat(pid: string | number): { comm: string; ppid: number; cpuMs: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
  const end = text.lastIndexOf(')');
  const fields = text.slice(end + 2).split(' ');
  return { comm: text.slice(text.indexOf('(') + 1, end), ppid: Number(fields[1]), cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond() };
}

/** CPU ms so far of one process; 0 when it is gone. */
export function processCpuMs(pid: number): number {
  return stat(pid)?.cpuMs ?? 0;
}

/** CPU ms so far of every process of this machine whose command name is `comm` (e.g. 'postgres'). */
export function cpuMsOfCommand(comm: string): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const s = stat(pid);
    if (s?.comm === comm) total += s.cpuMs;
  }
  return total;
}

/** The ids of the processes `parent` started whose command name is `comm` (e.g. a platform's `deno` functions). */
export function childrenOf(parent: number, comm: string): number[] {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      const s = stat(pid);
      return s?.ppid === parent && s.comm === comm;
    })
    .map(Number);
}
