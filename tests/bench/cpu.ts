/**
 * CPU time by process, from /proc (Linux): what one request costs PostgreSQL, the platform and
 * the bench's own clients, so a throughput goal can be checked against what the machine's
 * cores can give at all. Empty where /proc is missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';

let ticks: number | undefined;

/** Clock ticks per second of /proc's utime and stime. */
function ticksPerSecond(): number {
  ticks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ticks;
}

/** user + system CPU of one process so far, in ms; 0 when it is gone. */
export function processCpuMs(pid: string | number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond();
  } catch {
    return 0;
  }
}

/** Whether this machine shows processes' CPU time (/proc). */
export const canMeasureCpu = existsSync('/proc/self/stat');

/** CPU ms so far of every process of this machine whose command name is `comm` (e.g. 'postgres'). */
export function cpuMsOfCommand(comm: string): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === comm) total += processCpuMs(pid);
    } catch {
      // Ended while we looked.
    }
  }
  return total;
}
