import { describe, expect, it } from 'vitest';
import { searchFilterArgs } from '@/features/listings/index.ts';
import { parseFilters } from '@/features/search/index.ts';
import { NAME_MAX, searchName, searchUrl, toParams, withQueued } from './model.ts';

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

describe('withQueued', () => {
  const entry = (id: string, kind: string, payload: unknown) => ({ id, kind, payload, userId: 'u1', createdAt: Date.parse('2026-12-01T10:00:00Z'), attempts: 0, nextAttemptAt: 0, lastError: null });
  const s1 = { id: 's1', name: 'Donne a Milano', alert: 'instant', created_at: '2026-11-20T10:00:00Z', filters: { p_category: 'donne' } };

  it('shows the changes still in the outbox as done, in the order they were made', () => {
    const list = withQueued(
      [s1],
      [
        entry('new', 'savedSearchCreate', { name: 'Trans a Roma', alert: 'daily', filters: { p_city: 'Roma' } }),
        entry('e2', 'savedSearchUpdate', { id: 'new', patch: { name: 'Roma' } }),
        entry('e3', 'savedSearchUpdate', { id: 's1', patch: { alert: 'never' } }),
        entry('e4', 'savedSearchDelete', { id: 's1' }),
      ],
    );
    expect(list).toEqual([{ id: 'new', name: 'Roma', alert: 'daily', filters: { p_city: 'Roma' }, created_at: '2026-12-01T10:00:00.000Z' }]);
  });

  it('a created search already in the list is not added twice', () => {
    expect(withQueued([{ ...s1, id: 'new' }], [entry('new', 'savedSearchCreate', { name: 'x', alert: 'never', filters: {} })])).toHaveLength(1);
  });
});
