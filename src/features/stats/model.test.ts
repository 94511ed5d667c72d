import { describe, expect, it } from 'vitest';
import { addDays, chartGeometry, fillDays, isEmpty, niceMax, promotedRuns, romeIsoDay, totals, windowStart, type DayRow } from './model.ts';

const row = (day: string, fields: Partial<DayRow> = {}): DayRow => ({ day, views: 0, calls: 0, whatsapp: 0, favourites: 0, impressions: 0, promoted: false, ...fields });

describe('stats model', () => {
  it('today is the Italian date, across midnight and the clock change', () => {
    expect(romeIsoDay(new Date('2026-11-26T22:59:00Z'))).toBe('2026-11-26');
    expect(romeIsoDay(new Date('2026-11-26T23:00:00Z'))).toBe('2026-11-27');
    expect(romeIsoDay(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(romeIsoDay(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(windowStart('2026-11-26')).toBe('2026-10-28');
  });

  it('fills the 30 days ending today, oldest first, and ignores rows outside them', () => {
    const days = fillDays([row('2026-11-26', { views: 3, calls: 1, whatsapp: 2 }), row('2026-10-28', { views: 1 }), row('2026-10-27', { views: 50 })], '2026-11-26');
    expect(days).toHaveLength(30);
    expect(days[0]).toMatchObject({ day: '2026-10-28', views: 1, contacts: 0 });
    expect(days[29]).toMatchObject({ day: '2026-11-26', views: 3, contacts: 3 });
    expect(days[15]).toMatchObject({ views: 0, contacts: 0, promoted: false });
  });

  it('totals for 7 and 30 days', () => {
    const days = fillDays([row('2026-11-26', { views: 3, whatsapp: 1 }), row('2026-11-20', { views: 2, calls: 1, favourites: 1 }), row('2026-11-19', { views: 10, impressions: 40 })], '2026-11-26');
    expect(totals(days, 7)).toEqual({ views: 5, contacts: 2, calls: 1, whatsapp: 1, favourites: 1, impressions: 0 });
    expect(totals(days, 30)).toEqual({ views: 15, contacts: 2, calls: 1, whatsapp: 1, favourites: 1, impressions: 40 });
    expect(isEmpty(days)).toBe(false);
    expect(isEmpty(fillDays([row('2026-11-26', { promoted: true })], '2026-11-26'))).toBe(true);
  });

  it('promoted days as runs: the days marked and the current promotion up to today', () => {
    const days = fillDays([row('2026-10-29', { promoted: true }), row('2026-10-30', { promoted: true }), row('2026-11-05', { promoted: true })], '2026-11-26');
    expect(promotedRuns(days)).toEqual([{ from: 1, to: 2 }, { from: 8, to: 8 }]);
    // A promotion from 24 Nov 10:00 (Rome) to 30 Nov: 24, 25 and 26 are shown, not the future.
    expect(promotedRuns(days, { start: '2026-11-24T09:00:00Z', end: '2026-11-30T09:00:00Z' }, '2026-11-26')).toEqual([
      { from: 1, to: 2 }, { from: 8, to: 8 }, { from: 27, to: 29 },
    ]);
    expect(promotedRuns(days, { start: null, end: null })).toEqual([{ from: 1, to: 2 }, { from: 8, to: 8 }]);
  });

  it('the scale tops at 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 36, 180, 501].map(niceMax)).toEqual([1, 1, 2, 5, 10, 10, 20, 50, 200, 1000]);
  });

  it('bars and points on one scale inside the box', () => {
    const g = chartGeometry([0, 5, 10], [1, 0, 3], { width: 330, height: 130, left: 30, bottom: 20, top: 10 });
    expect(g.top).toBe(10);
    expect(g.slot).toBe(100);
    expect(g.bars[0]).toMatchObject({ height: 0, y: 110 });
    expect(g.bars[1]).toMatchObject({ x: 145, width: 70, y: 60, height: 50 });
    expect(g.bars[2]).toMatchObject({ y: 10, height: 100 });
    expect(g.points.map((p) => [p.x, p.y])).toEqual([[80, 100], [180, 110], [280, 80]]);
    expect(g.ticks).toEqual([0, 5, 10]);
    expect(chartGeometry([0], [0], { width: 100, height: 100, left: 0, bottom: 0, top: 0 }).ticks).toEqual([0, 1]);
  });
});
