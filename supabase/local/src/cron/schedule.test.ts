import { describe, expect, it } from 'vitest';
import { matches, nextRun, parseField, parseSchedule, ScheduleError } from './schedule.ts';

const at = (iso: string) => new Date(iso);
const cron = (text: string) => {
  const s = parseSchedule(text);
  if (s.kind !== 'cron') throw new Error('expected a cron schedule');
  return s;
};

describe('parseSchedule', () => {
  it("parses pg_cron's interval syntax", () => {
    expect(parseSchedule('1 seconds')).toEqual({ kind: 'interval', seconds: 1 });
    expect(parseSchedule(' 30  seconds ')).toEqual({ kind: 'interval', seconds: 30 });
    expect(parseSchedule('5 second')).toEqual({ kind: 'interval', seconds: 5 });
    expect(() => parseSchedule('0 seconds')).toThrow(ScheduleError);
    expect(() => parseSchedule('60 seconds')).toThrow(ScheduleError);
  });

  it('parses *, lists, ranges, steps and names', () => {
    const s = cron('*/15 9-17 1,15 jan-mar mon-fri');
    expect([...s.minutes]).toEqual([0, 15, 30, 45]);
    expect([...s.hours]).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect([...s.days]).toEqual([1, 15]);
    expect([...s.months]).toEqual([1, 2, 3]);
    expect([...s.weekdays]).toEqual([1, 2, 3, 4, 5]);
    expect([...parseField('10-20/5', { min: 0, max: 59 })]).toEqual([10, 15, 20]);
    expect([...parseField('5/20', { min: 0, max: 59 })]).toEqual([5, 25, 45]);
    expect([...cron('0 0 * * 7').weekdays]).toEqual([0]);
    expect([...cron('0 0 * * *').weekdays].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('expands macros', () => {
    expect(cron('@hourly').minutes).toEqual(new Set([0]));
    expect(cron('@daily').hours).toEqual(new Set([0]));
  });

  it('rejects malformed schedules', () => {
    for (const bad of ['', '* * * *', '* * * * * *', '60 * * * *', '* 24 * * *', '* * 0 * *', '* * * 13 *', '*/0 * * * *', '5-1 * * * *', 'a * * * *', '1,,2 * * * *']) {
      expect(() => parseSchedule(bad), bad).toThrow(ScheduleError);
    }
  });
});

describe('matches (UTC)', () => {
  it('matches minute, hour, day and month in UTC', () => {
    const s = parseSchedule('30 2 * * *');
    expect(matches(s, at('2026-03-10T02:30:00Z'))).toBe(true);
    expect(matches(s, at('2026-03-10T02:30:59Z'))).toBe(true);
    expect(matches(s, at('2026-03-10T02:31:00Z'))).toBe(false);
    expect(matches(s, at('2026-03-10T03:30:00+01:00'))).toBe(true);
  });

  it('ORs day-of-month and day-of-week when both are restricted, ANDs otherwise', () => {
    const either = parseSchedule('0 0 13 * 5'); // the 13th, or any Friday
    expect(matches(either, at('2026-11-13T00:00:00Z'))).toBe(true); // Friday the 13th
    expect(matches(either, at('2026-11-20T00:00:00Z'))).toBe(true); // a Friday
    expect(matches(either, at('2026-12-13T00:00:00Z'))).toBe(true); // a Sunday the 13th
    expect(matches(either, at('2026-11-19T00:00:00Z'))).toBe(false);
    const fridays = parseSchedule('0 0 * * 5');
    expect(matches(fridays, at('2026-11-19T00:00:00Z'))).toBe(false);
    expect(matches(fridays, at('2026-11-20T00:00:00Z'))).toBe(true);
  });

  it('never matches interval schedules', () => {
    expect(matches(parseSchedule('1 seconds'), new Date())).toBe(false);
  });
});

describe('nextRun', () => {
  it('finds the next minute strictly after the given time', () => {
    expect(nextRun(parseSchedule('* * * * *'), at('2026-01-01T00:00:00Z'))).toEqual(at('2026-01-01T00:01:00Z'));
    expect(nextRun(parseSchedule('0 9 * * 1'), at('2026-11-22T10:00:00Z'))).toEqual(at('2026-11-23T09:00:00Z'));
    expect(nextRun(parseSchedule('0 0 1 1 *'), at('2026-06-01T00:00:00Z'))).toEqual(at('2027-01-01T00:00:00Z'));
    expect(nextRun(parseSchedule('0 0 29 2 *'), at('2026-03-01T00:00:00Z'))).toEqual(at('2028-02-29T00:00:00Z'));
    expect(nextRun(parseSchedule('10 seconds'), at('2026-01-01T00:00:00Z'))).toEqual(at('2026-01-01T00:00:10Z'));
    expect(nextRun(parseSchedule('0 0 31 2 *'), at('2026-01-01T00:00:00Z'))).toBeNull();
  });
});
