import { describe, expect, it } from 'vitest';
import { t } from '@/lib/catalogue/screens.ts';
import { euros, packagePayload, parseSetting, priceCents, settingKind, settingText, termLines, validatePackage } from './model.ts';

describe('settings as text', () => {
  it('edits integers, durations and the night window, and refuses what they cannot hold', () => {
    expect(settingKind(10)).toBe('integer');
    expect(parseSetting(10, ' 12 ')).toEqual({ value: 12 });
    expect(parseSetting(10, '-1')).toEqual({ error: 'integerRequired' });
    expect(settingText([1, 3, 7])).toBe('1, 3, 7');
    expect(parseSetting([1], '7, 1 3,3')).toEqual({ value: [1, 3, 7] });
    expect(parseSetting([1], '1, 0')).toEqual({ error: 'durationsInvalid' });
    const night = { start: '21:00', end: '05:00', time_zone: 'Europe/Rome' };
    expect(settingText(night)).toBe('21:00-05:00');
    expect(parseSetting(night, '22:30 - 06:00')).toEqual({ value: { start: '22:30', end: '06:00', time_zone: 'Europe/Rome' } });
    expect(parseSetting(night, '25:00-06:00')).toEqual({ error: 'timeInvalid' });
    expect(parseSetting('EUR', ' ')).toEqual({ error: 'valueInvalid' });
  });
});

describe('credit packages', () => {
  const m = t.adminStaff.settings.package;
  it('reads Italian prices and checks the form', () => {
    expect(priceCents('9,90')).toBe(990);
    expect(priceCents('19.9')).toBe(1990);
    expect(priceCents('9,999')).toBeNull();
    expect(euros(4490)).toBe('44,90');
    expect(validatePackage({ name: ' ', credits: 0, price: 'x', sortOrder: '', isActive: true }, m)).toEqual({
      name: m.nameRequired,
      credits: m.creditsInvalid,
      price: m.priceInvalid,
    });
    expect(packagePayload({ name: ' Maxi ', credits: 500, price: '69,90', sortOrder: '', isActive: false })).toEqual({
      name: 'Maxi', credits: 500, price_cents: 6990, sort_order: 0, is_active: false,
    });
  });
});

describe('the screening lists (issue 26)', () => {
  it('edits a list of terms one per line (issue 43), with + joining the parts of a pattern', () => {
    const terms = ['minorenne', '16 anni'];
    expect(settingKind(terms)).toBe('terms');
    expect(settingKind([1, 3])).toBe('durations');
    expect(settingText(['appena arrivata + senza documenti', 'debito'])).toBe('appena arrivata + senza documenti\ndebito');
    expect(parseSetting(terms, ' minorenne\n  16   anni \n\nminorenne\nappena arrivata+senza documenti \n\n ')).toEqual({
      value: ['minorenne', '16 anni', 'appena arrivata + senza documenti'],
    });
    // A pasted comma-separated list still reads as its terms.
    expect(parseSetting(terms, 'minorenne, liceale')).toEqual({ value: ['minorenne', 'liceale'] });
    expect(parseSetting(terms, ' \n , \n')).toEqual({ error: 'termsInvalid' });
  });

  it('counts the terms as typed, blank lines aside', () => {
    expect(termLines('minorenne\n\n  liceale \n')).toEqual(['minorenne', 'liceale']);
    expect(termLines('')).toEqual([]);
  });
});
