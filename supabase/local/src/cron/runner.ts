import type { Queryable } from '../db/types.ts';
import { matches, parseSchedule, type Schedule } from './schedule.ts';

/** A row of cron.job as the runner needs it. */
export interface CronJob {
  jobid: number;
  jobname: string | null;
  schedule: string;
  command: string;
  active: boolean;
}

/** The database operations the runner uses (the platform's superuser connection in practice). */
export interface CronDb {
  query: Queryable['query'];
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
}

interface Entry {
  job: CronJob;
  schedule: Schedule;
  /** Interval jobs: the epoch second of the last start. */
  lastSecond: number;
}

/** One statement without a trailing `;` runs through query(); anything else through exec(). */
function isSingleStatement(command: string): boolean {
  const body = command.trim().replace(/;\s*$/, '');
  return !body.includes(';');
}

/**
 * Runs cron.job on schedule, pg_cron style: each run is recorded in cron.job_run_details
 * (succeeded / failed with a message), a job never overlaps with itself, failures are logged
 * and the scheduler carries on. `tick(now)` is driven by a one-second timer (or by tests).
 */
export class CronRunner {
  private entries = new Map<number, Entry>();
  private running = new Map<number, Promise<void>>();
  private lastMinute = -1;

  constructor(
    private readonly db: CronDb,
    private readonly log: (message: string) => void,
  ) {}

  /** Why: jobs change through cron.schedule/unschedule at any time; re-read them all. */
  async reload(): Promise<void> {
    const r = await this.db.query<CronJob>('select jobid::int as jobid, jobname, schedule, command, active from cron.job');
    const next = new Map<number, Entry>();
    for (const job of r.rows) {
      if (!job.active) continue;
      const old = this.entries.get(job.jobid);
      try {
        const schedule = old && old.job.schedule === job.schedule ? old.schedule : parseSchedule(job.schedule);
        next.set(job.jobid, { job, schedule, lastSecond: old?.lastSecond ?? Math.floor(Date.now() / 1000) });
      } catch (err) {
        this.log(`job ${job.jobname ?? job.jobid}: invalid schedule "${job.schedule}": ${(err as Error).message}`);
      }
    }
    this.entries = next;
  }

  get jobCount(): number {
    return this.entries.size;
  }

  /** Starts every job due at `now`; returns the runs started (tests await them). */
  tick(now: Date = new Date()): Promise<void>[] {
    const second = Math.floor(now.getTime() / 1000);
    const minute = Math.floor(second / 60);
    const newMinute = minute !== this.lastMinute;
    this.lastMinute = minute;
    const started: Promise<void>[] = [];
    for (const entry of this.entries.values()) {
      let due = false;
      if (entry.schedule.kind === 'interval') {
        if (second - entry.lastSecond >= entry.schedule.seconds) {
          due = true;
          entry.lastSecond = second;
        }
      } else if (newMinute && matches(entry.schedule, now)) {
        due = true;
      }
      if (!due) continue;
      if (this.running.has(entry.job.jobid)) continue; // never alongside itself
      const run = this.run(entry.job).finally(() => this.running.delete(entry.job.jobid));
      this.running.set(entry.job.jobid, run);
      started.push(run);
    }
    return started;
  }

  /** Waits for the runs in flight (on stop). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }

  private async run(job: CronJob): Promise<void> {
    let runid: string | undefined;
    try {
      const r = await this.db.query<{ runid: string }>(
        `insert into cron.job_run_details (jobid, job_pid, database, username, command, status, start_time)
         values ($1, $2, current_database(), current_user, $3, 'running', now()) returning runid::text`,
        [job.jobid, process.pid, job.command],
      );
      runid = r.rows[0]?.runid;
    } catch (err) {
      this.log(`job ${job.jobname ?? job.jobid}: could not record the run: ${(err as Error).message}`);
      return;
    }
    let status = 'succeeded';
    let message: string;
    try {
      message = await this.db.transaction(async (tx) => {
        if (isSingleStatement(job.command)) {
          const res = await tx.query(job.command);
          return `${res.rowCount} row${res.rowCount === 1 ? '' : 's'}`;
        }
        await tx.exec(job.command);
        return 'completed';
      });
    } catch (err) {
      status = 'failed';
      message = (err as Error).message ?? String(err);
      this.log(`job ${job.jobname ?? job.jobid} failed: ${message}`);
    }
    try {
      await this.db.query(
        `update cron.job_run_details set status = $2, return_message = $3, end_time = now() where runid = $1::bigint`,
        [runid, status, message],
      );
    } catch (err) {
      this.log(`job ${job.jobname ?? job.jobid}: could not record the result: ${(err as Error).message}`);
    }
  }
}
