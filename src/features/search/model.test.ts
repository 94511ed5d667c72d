import { describe, expect, it } from 'vitest';
import { countFilters, parseFilters, serializeFilters } from './model.ts';
import { suggestCities } from '@/lib/italianCities.ts';

describe('search filters in the URL', () => {
  it('round-trips every filter', () => {
    const f = {
      query: 'massaggio rilassante',
      category: 'donne',
      city: 'Milano',
      zone: 'Centro',
      ageMin: 20,
      ageMax: 30,
      rateMin: 50,
      rateMax: 200,
      ethnicity: ['latina', 'europea'],
      offered_services: ['69'],
      availability_for: ['sera'],
      meeting_type: ['cena'],
      meeting_location: ['hotel'],
    };
    const qs = serializeFilters(f);
    expect(parseFilters(qs)).toEqual({ ...f, ethnicity: ['europea', 'latina'] });
  });
  it('is canonical (sorted arrays, no empty values)', () => {
    expect(serializeFilters({ ethnicity: ['b', 'a'], city: '  ', zone: undefined })).toBe('ethnicity=a%2Cb');
  });
  it('ignores malformed numbers and clamps ranges', () => {
    expect(parseFilters('age_min=abc&age_max=150&rate_min=-5')).toEqual({ ageMax: 99, rateMin: 0 });
  });
  it('accepts repeated and comma-separated array params', () => {
    expect(parseFilters('hair_color=mora&hair_color=bionda,rossa').hair_color).toEqual(['mora', 'bionda', 'rossa']);
  });
  it('counts active filters apart from the text query', () => {
    expect(countFilters({ query: 'x', city: 'Roma', ethnicity: ['latina'] })).toBe(2);
  });
});

describe('city typeahead', () => {
  it('suggests Italian cities by prefix first, accents ignored', () => {
    expect(suggestCities('mil')[0]).toBe('Milano');
    expect(suggestCities('forli')).toContain('Forlì');
    expect(suggestCities('')).toEqual([]);
    expect(suggestCities('ro').slice(0, 2)).toEqual(['Roma', 'Rovigo']);
  });
});

describe("'Disponibile ora' filter (issue 27)", () => {
  it('round-trips through the URL and counts as a filter', () => {
    expect(serializeFilters({ city: 'Roma', availableNow: true })).toBe('city=Roma&available_now=1');
    expect(parseFilters('city=Roma&available_now=1')).toEqual({ city: 'Roma', availableNow: true });
    expect(parseFilters('available_now=0')).toEqual({});
    expect(countFilters({ availableNow: true })).toBe(1);
  });
});
