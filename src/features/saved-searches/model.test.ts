import { describe, expect, it } from 'vitest';
import { searchFilterArgs } from '@/features/listings/index.ts';
import { parseFilters } from '@/features/search/index.ts';
import { NAME_MAX, searchName, searchUrl, toParams } from './model.ts';

describe('searchName', () => {
  it('reads like the search: category, city, ages', () => {
    expect(searchName({ category: 'donne', city: 'Milano', ageMin: 25, ageMax: 35 })).toBe('Donne a Milano, 25-35 anni');
    expect(searchName({ city: 'Roma' })).toBe('Annunci a Roma');
    expect(searchName({})).toBe('Annunci');
  });

  it('open ranges, zone, rate, words and characteristics', () => {
    expect(searchName({ category: 'massaggi', city: 'Torino', zone: 'Centro', ageMin: 30, rateMax: 150, query: 'relax' })).toBe(
      'Massaggi a Torino (Centro), da 30 anni, fino a 150 €/h, “relax”',
    );
    expect(searchName({ ageMax: 40, rateMin: 100, rateMax: 200 })).toBe('Annunci, fino a 40 anni, 100-200 €/h');
    expect(searchName({ hair_color: ['bionda', 'rossa'], ethnicity: ['latina'] })).toBe('Annunci, latina, bionda, +1 filtro');
  });

  it('never longer than the database allows', () => {
    const name = searchName({ city: 'X'.repeat(200) });
    expect(name.length).toBe(NAME_MAX);
    expect(name.endsWith('…')).toBe(true);
  });
});

describe('filters <-> arguments', () => {
  it('round-trips through the stored arguments to the same /search URL', () => {
    const qs = 'q=bionda&category=donne&city=Milano&age_min=25&age_max=35&rate_max=200&hair_color=bionda,rossa';
    const params = parseFilters(qs);
    const args = searchFilterArgs(params);
    expect(args).toEqual({ p_query: 'bionda', p_category: 'donne', p_city: 'Milano', p_age_min: 25, p_age_max: 35, p_rate_max: 200, p_hair_color: ['bionda', 'rossa'] });
    expect(toParams(JSON.parse(JSON.stringify(args)) as Record<string, unknown>)).toEqual(params);
    expect(searchUrl(args)).toBe(`/search?${new URLSearchParams(qs).toString()}`);
  });

  it('ignores what the search would not send', () => {
    expect(toParams({ p_city: 5, p_age_min: '30', p_zone: '  ', p_hair_color: [1, 'mora'], other: 'x' })).toEqual({ hair_color: ['mora'] });
    expect(searchUrl({})).toBe('/search');
  });
});
