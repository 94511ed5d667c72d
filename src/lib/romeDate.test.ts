import { describe, expect, it } from 'vitest';
import { formatItalianDate, romeDate } from './romeDate.ts';

describe('romeDate', () => {
  it("agrees with Intl's Europe/Rome calendar date, DST changes included", () => {
    const intl = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', day: 'numeric', month: 'numeric', year: 'numeric' });
    const check = (t: number) => {
      const [day, month, year] = intl.format(new Date(t)).split('/').map(Number);
      expect(romeDate(new Date(t)), new Date(t).toISOString()).toEqual({ day, month, year });
    };
    // Every 47 minutes across 2024-2031, and each minute around every clock change.
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2032, 0, 1); t += 47 * 60_000) check(t);
    for (const [y, m, d] of [[2026, 2, 29], [2026, 9, 25], [2027, 2, 28], [2027, 9, 31], [2030, 2, 31], [2030, 9, 27]] as const)
      for (let min = -90; min <= 90; min++) check(Date.UTC(y, m, d, 1) + min * 60_000);
    // Around midnight in Rome on both sides of a change.
    check(Date.UTC(2026, 2, 28, 22, 59));
    check(Date.UTC(2026, 2, 28, 23, 0));
    check(Date.UTC(2026, 9, 24, 21, 59));
    check(Date.UTC(2026, 9, 24, 22, 0));
  });
  it('formats dd MMMM yyyy in Italian, with or without the year', () => {
    expect(formatItalianDate(new Date('2026-12-01T23:30:00Z'))).toBe('02 dicembre 2026');
    expect(formatItalianDate(new Date('2026-03-05T10:00:00Z'), { year: false })).toBe('05 marzo');
  });
});
