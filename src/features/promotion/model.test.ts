import { describe, expect, it } from 'vitest';
import { daysLabel, parseMode, pricingFrom, promotionPrice, scheduleDays, scheduledStartAt, scheduleHours } from './model.ts';

describe('promotion model', () => {
  it('labels durations in Italian', () => {
    expect(daysLabel(1)).toBe('1 giorno');
    expect(daysLabel(3)).toBe('3 giorni');
  });
  it('prices like promote_listing, with the pending coupon', () => {
    expect(promotionPrice(12, 3, null)).toEqual({ price: 36, discount: 0, cost: 36 });
    expect(promotionPrice(12, 3, { code: 'ESTATE30', discount_type: 'percentage', discount_value: 30 })).toEqual({ price: 36, discount: 11, cost: 25 });
    expect(promotionPrice(8, 1, { code: 'X', discount_type: 'flat_amount', discount_value: 10 })).toEqual({ price: 8, discount: 8, cost: 0 });
  });
  it('reads the settings rows', () => {
    expect(pricingFrom([{ key: 'promotion_day_cost_per_day', value: 9 }, { key: 'promotion_durations', value: [1, 7] }])).toEqual({
      perDay: { day: 9, night: 12 },
      durations: [1, 7],
    });
    expect(parseMode('night')).toBe('night');
    expect(parseMode('x')).toBeNull();
  });
});

describe('scheduled start (issue 27)', () => {
  // 23:30 on 26 November in Rome (22:30 UTC).
  const now = new Date('2026-11-26T22:30:00Z');
  it('offers today and the next 6 days on Rome\'s calendar', () => {
    const days = scheduleDays(now);
    expect(days.map((d) => d.value)).toEqual(['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
    expect(days[1]).toMatchObject({ offset: 1, label: 'ven 27 novembre' });
  });
  it('starts at the whole hour in Rome, across daylight saving', () => {
    expect(scheduledStartAt({ day: '2026-11-27', hour: 22 }).toISOString()).toBe('2026-11-27T21:00:00.000Z');
    expect(scheduledStartAt({ day: '2026-07-02', hour: 22 }).toISOString()).toBe('2026-07-02T20:00:00.000Z');
  });
  it('offers only the hours still ahead today', () => {
    expect(scheduleHours('2026-11-26', now)).toEqual([]);
    expect(scheduleHours('2026-11-27', now)).toHaveLength(24);
    expect(scheduleHours('2026-11-27', new Date('2026-11-27T19:10:00Z'))).toEqual([21, 22, 23]);
  });
});
