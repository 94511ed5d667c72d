import { describe, expect, it } from 'vitest';
import { daysLabel, parseMode, pricingFrom, promotionPrice } from './model.ts';

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
