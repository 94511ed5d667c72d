import { describe, expect, it } from 'vitest';
import { t } from '@/lib/catalogue/index.ts';
import {
  ARRAY_FIELDS,
  charCount,
  emptyListingForm,
  fromListing,
  LISTING_RULES,
  numberOf,
  photosShownNote,
  previewListing,
  sqlTrim,
  toCreateArgs,
  toListingColumns,
  validateListingForm,
  type ListingFormValues,
} from './listingForm.ts';

const valid: ListingFormValues = {
  ...emptyListingForm(),
  title: 'Giulia, dolce e raffinata',
  category: 'donne',
  city: 'Milano',
  age: 27,
  description: 'Ragazza solare e simpatica, disponibile per cene e aperitivi.',
};
const r = LISTING_RULES;
const errorsOf = (patch: Partial<ListingFormValues>) => validateListingForm({ ...valid, ...patch });

describe('validateListingForm', () => {
  it('accepts a complete listing and an empty form gets every required message', () => {
    expect(validateListingForm(valid)).toEqual({});
    expect(validateListingForm(emptyListingForm())).toEqual({
      title: r.title.message,
      category: r.category.message,
      city: r.city.message,
      age: r.age.message,
      description: r.description.message,
    });
  });

  it("uses the trigger's Italian messages", () => {
    expect(errorsOf({ title: 'Ciao' }).title).toBe('Il titolo deve contenere da 5 a 120 caratteri.');
    expect(errorsOf({ age: 17 }).age).toBe("L'età deve essere compresa tra 18 e 99 anni.");
    expect(errorsOf({ hourly_rate: -1 }).hourly_rate).toBe('La tariffa oraria non è valida.');
  });

  it.each([
    ['title', 'a'.repeat(r.title.min - 1), false],
    ['title', 'a'.repeat(r.title.min), true],
    ['title', 'a'.repeat(r.title.max), true],
    ['title', 'a'.repeat(r.title.max + 1), false],
    ['description', 'a'.repeat(r.description.min - 1), false],
    ['description', 'a'.repeat(r.description.max), true],
    ['description', 'a'.repeat(r.description.max + 1), false],
    ['city', 'A', false],
    ['city', 'Bo', true],
    ['zone', '', true],
    ['zone', 'z'.repeat(r.zone.max), true],
    ['zone', 'z'.repeat(r.zone.max + 1), false],
  ] as const)('%s of %#: bounds', (field, value, ok) => {
    expect(errorsOf({ [field]: value })[field] === undefined).toBe(ok);
  });

  it('counts an emoji as one character, as char_length does', () => {
    expect(charCount('😀')).toBe(1);
    expect(errorsOf({ title: '😀'.repeat(5) }).title).toBeUndefined();
    expect(errorsOf({ title: '😀'.repeat(r.title.max) }).title).toBeUndefined();
    expect(errorsOf({ title: '😀'.repeat(r.title.max + 1) }).title).toBe(r.title.message);
  });

  it("trims spaces only, as Postgres' trim()", () => {
    expect(sqlTrim('  ciao  ')).toBe('ciao');
    expect(sqlTrim('\tciao\n')).toBe('\tciao\n');
    expect(errorsOf({ title: '   abcd   ' }).title).toBe(r.title.message);
  });

  it.each([
    [0, false],
    [-1, false],
    [17, false],
    [18, true],
    [99, true],
    [100, false],
    [25.5, false],
    [1e12, false],
    ['', false],
    ['30', true],
    ['trenta', false],
  ])('age %j', (age, ok) => {
    expect(errorsOf({ age }).age === undefined).toBe(ok);
  });

  it.each([
    ['', true],
    [0, true],
    [-0.01, false],
    [-0.004, true],
    [10000, true],
    [10000.004, true],
    [10000.01, false],
    [1e9, false],
    ['80,50', true],
    ['abc', false],
  ])('hourly rate %j (rounded to cents, as numeric(8, 2))', (hourly_rate, ok) => {
    expect(errorsOf({ hourly_rate }).hourly_rate === undefined).toBe(ok);
  });

  it('refuses values outside the lists', () => {
    expect(errorsOf({ category: 'animali' }).category).toBe(r.category.message);
    expect(errorsOf({ hair_color: ['verde'] }).hair_color).toBe(r.option.message);
    expect(errorsOf({ offered_services: ['69', 'altro'] }).offered_services).toBeUndefined();
  });

  it('takes HTML and script tags as plain text', () => {
    expect(errorsOf({ title: '<script>alert(1)</script>' })).toEqual({});
  });
});

describe('value lists', () => {
  it('the catalogue labels every value the database accepts, and no other', () => {
    for (const key of ['category', ...ARRAY_FIELDS] as const) {
      expect(Object.keys(t.listings.values[key]).sort(), key).toEqual([...r.options[key]].sort());
    }
  });
});

describe('conversions', () => {
  it('toCreateArgs trims, drops an empty zone and rate, rounds the rate and carries the creation key', () => {
    const args = toCreateArgs({ ...valid, title: '  Titolo lungo  ', zone: '  ', hourly_rate: '80,555' }, 'k-1');
    expect(args).toMatchObject({ p_title: 'Titolo lungo', p_zone: undefined, p_hourly_rate: 80.56, p_age: 27, p_creation_key: 'k-1' });
    expect(toCreateArgs(valid, 'k').p_hourly_rate).toBeUndefined();
  });

  it('toListingColumns gives null for an empty zone and rate (an edit can remove them)', () => {
    expect(toListingColumns({ ...valid, zone: '', hourly_rate: '' })).toMatchObject({ zone: null, hourly_rate: null });
  });

  it('fromListing and back keeps every field', () => {
    const l = { ...previewListing({ ...valid, zone: 'Brera', hourly_rate: 120, ethnicity: ['latina'], offered_services: ['69'] }) };
    const back = fromListing(l);
    expect(toListingColumns(back)).toEqual(toListingColumns({ ...valid, zone: 'Brera', hourly_rate: 120, ethnicity: ['latina'], offered_services: ['69'] }));
  });

  it('numberOf reads Italian decimals and tells empty from invalid', () => {
    expect(numberOf('12,5')).toBe(12.5);
    expect(numberOf('')).toBeNull();
    expect(numberOf('1e3')).toBeNaN();
  });

  it('previewListing shows what is typed so far, as the card of a visitor', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const p = previewListing({ ...valid, age: 'x', hourly_rate: 90 }, { now });
    expect(p).toMatchObject({ title: valid.title, age: null, hourly_rate: 90, is_paused: false, is_premium: false, photos: [] });
    expect(Date.parse(p.expires_at!) - now.getTime()).toBe(30 * 86_400_000);
  });
});

describe('how many photos visitors see (issue 43)', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  const at = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
  const promotion = (start: number, end: number) => ({ is_premium: true, promotion_start_at: at(start), promotion_end_at: at(end), is_paused: false });

  it('a new or unpromoted listing: the first photo only, all of them (up to 5) with a promotion', () => {
    const base = 'Senza promozione i visitatori vedono solo la prima foto. Con una promozione le vedono tutte, fino a 5.';
    expect(photosShownNote(undefined, now)).toBe(base);
    expect(photosShownNote({ is_premium: false, promotion_start_at: null, promotion_end_at: null, is_paused: false }, now)).toBe(base);
    // An ended promotion, or one paused, shows the first photo again.
    expect(photosShownNote(promotion(-48, -1), now)).toBe(base);
    expect(photosShownNote({ ...promotion(-1, 24), is_paused: true }, now)).toBe(base);
  });

  it('while a promotion runs all of them; before a scheduled one starts, the first only until then', () => {
    expect(photosShownNote(promotion(-1, 24), now)).toBe('Con la promozione attiva i visitatori vedono tutte le foto, fino a 5. Quando finisce, solo la prima.');
    expect(photosShownNote(promotion(5, 29), now)).toBe("Fino all'inizio della promozione i visitatori vedono solo la prima foto; poi le vedranno tutte, fino a 5.");
  });
});
