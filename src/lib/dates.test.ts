import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLongDate, relativeTimeIt, startOfWeek } from './dates.ts';

describe('Italian dates', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('says past times with "fa"', () => {
    expect(relativeTimeIt('2026-11-22T11:55:00Z', now)).toBe('5 minuti fa');
    expect(relativeTimeIt('2026-11-22T09:00:00Z', now)).toBe('3 ore fa');
    expect(relativeTimeIt('2026-11-20T12:00:00Z', now)).toBe('2 giorni fa');
  });
  it('says future times with "tra"', () => {
    expect(relativeTimeIt('2026-11-22T14:00:00Z', now)).toBe('tra 2 ore');
  });
  it('starts weeks on Monday', () => {
    // Sunday 22 November 2026 belongs to the week of Monday 16 November.
    expect(startOfWeek('2026-11-22T12:00:00Z').format('YYYY-MM-DD')).toBe('2026-11-16');
    expect(startOfWeek('2026-11-23T12:00:00Z').day()).toBe(1);
  });
  it('formats in Europe/Rome', () => {
    expect(formatDateTime('2026-11-22T12:05:00Z')).toBe('22/11/2026 13:05');
    expect(formatDate('2026-07-01T23:30:00Z')).toBe('02/07/2026');
    expect(formatLongDate('2026-03-05T10:00:00Z')).toBe('05 marzo 2026');
  });
});
