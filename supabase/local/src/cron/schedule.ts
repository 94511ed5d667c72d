/**
 * pg_cron schedules: standard 5-field cron (minute hour day-of-month month day-of-week, in UTC,
 * with `*`, lists, ranges, steps, month/day names and the @hourly-style macros) and pg_cron's
 * sub-minute interval syntax '[1-59] seconds'. Pure functions, no timers.
 */

export type Schedule =
  | { kind: 'interval'; seconds: number }
  | {
      kind: 'cron';
      minutes: Set<number>;
      hours: Set<number>;
      days: Set<number>;
      months: Set<number>;
      weekdays: Set<number>;
      /** Vixie cron: when both day fields are restricted, either one matching is enough. */
      daysRestricted: boolean;
      weekdaysRestricted: boolean;
    };

export class ScheduleError extends Error {}

const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

interface FieldSpec {
  min: number;
  max: number;
  names?: string[];
  /** Offset of names[0] (months start at 1). */
  nameBase?: number;
}

const FIELDS: FieldSpec[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTH_NAMES, nameBase: 1 },
  { min: 0, max: 7, names: DAY_NAMES, nameBase: 0 },
];

function parseValue(text: string, spec: FieldSpec, field: string): number {
  const lower = text.toLowerCase();
  const named = spec.names?.indexOf(lower) ?? -1;
  if (named >= 0) return named + (spec.nameBase ?? 0);
  if (!/^\d+$/.test(text)) throw new ScheduleError(`invalid value "${text}" in field "${field}"`);
  const n = Number(text);
  if (n < spec.min || n > spec.max) throw new ScheduleError(`value ${n} out of range in field "${field}"`);
  return n;
}

/** One cron field → the set of values it allows. */
export function parseField(field: string, spec: FieldSpec): Set<number> {
  const out = new Set<number>();
  for (const part of field.split(',')) {
    if (part === '') throw new ScheduleError(`empty list item in field "${field}"`);
    const [range, stepText, extra] = part.split('/');
    if (extra !== undefined) throw new ScheduleError(`invalid step in field "${field}"`);
    let step = 1;
    if (stepText !== undefined) {
      if (!/^\d+$/.test(stepText) || Number(stepText) < 1) throw new ScheduleError(`invalid step in field "${field}"`);
      step = Number(stepText);
    }
    let lo: number;
    let hi: number;
    if (range === '*') {
      lo = spec.min;
      hi = spec.max === 7 ? 6 : spec.max;
    } else {
      const bounds = (range ?? '').split('-');
      if (bounds.length > 2) throw new ScheduleError(`invalid range in field "${field}"`);
      lo = parseValue(bounds[0]!, spec, field);
      hi = bounds.length === 2 ? parseValue(bounds[1]!, spec, field) : stepText !== undefined ? (spec.max === 7 ? 6 : spec.max) : lo;
      if (hi < lo) throw new ScheduleError(`invalid range in field "${field}"`);
    }
    for (let v = lo; v <= hi; v += step) out.add(spec.max === 7 && v === 7 ? 0 : v);
  }
  return out;
}

/** Why: cron.schedule stores text; the scheduler needs it parsed once, with clear errors. */
export function parseSchedule(text: string): Schedule {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  const interval = /^(\d+) seconds?$/i.exec(trimmed);
  if (interval) {
    const seconds = Number(interval[1]);
    if (seconds < 1 || seconds > 59) throw new ScheduleError('interval must be between 1 and 59 seconds');
    return { kind: 'interval', seconds };
  }
  const expanded = MACROS[trimmed.toLowerCase()] ?? trimmed;
  const parts = expanded.split(' ');
  if (parts.length !== 5) throw new ScheduleError(`invalid schedule: ${text}`);
  const [minutes, hours, days, months, weekdays] = parts.map((p, i) => parseField(p, FIELDS[i]!));
  return {
    kind: 'cron',
    minutes: minutes!,
    hours: hours!,
    days: days!,
    months: months!,
    weekdays: weekdays!,
    daysRestricted: !parts[2]!.startsWith('*'),
    weekdaysRestricted: !parts[4]!.startsWith('*'),
  };
}

function dayMatches(s: Extract<Schedule, { kind: 'cron' }>, d: Date): boolean {
  const dom = s.days.has(d.getUTCDate());
  const dow = s.weekdays.has(d.getUTCDay());
  if (s.daysRestricted && s.weekdaysRestricted) return dom || dow;
  return dom && dow;
}

/** Whether a cron schedule fires in the UTC minute containing `at` (interval schedules: never). */
export function matches(s: Schedule, at: Date): boolean {
  if (s.kind !== 'cron') return false;
  return (
    s.minutes.has(at.getUTCMinutes()) && s.hours.has(at.getUTCHours()) && s.months.has(at.getUTCMonth() + 1) && dayMatches(s, at)
  );
}

/** The first time strictly after `after` at which the schedule fires, or null within 5 years. */
export function nextRun(s: Schedule, after: Date): Date | null {
  if (s.kind === 'interval') return new Date(after.getTime() + s.seconds * 1000);
  const t = new Date(after.getTime());
  t.setUTCSeconds(0, 0);
  t.setUTCMinutes(t.getUTCMinutes() + 1);
  const limit = after.getTime() + 5 * 366 * 24 * 3600 * 1000;
  while (t.getTime() <= limit) {
    if (!s.months.has(t.getUTCMonth() + 1)) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!dayMatches(s, t)) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!s.hours.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
    } else if (!s.minutes.has(t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
    } else {
      return t;
    }
  }
  return null;
}
