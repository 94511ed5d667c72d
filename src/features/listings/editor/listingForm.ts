/**
 * The listing editor's form model: values, validation with the database trigger's bounds and
 * messages (generated from public.listing_rules(), never retyped here), and the conversions
 * to the create_listing call, the owner's update and the card preview.
 */
import { t } from '@/lib/catalogue/screens.ts';
import type { Database } from '@/lib/database.types.ts';
import { LISTING_RULES } from './listingFormRules.generated.ts';
import { ATTRIBUTE_KEYS, PREMIUM_PHOTO_LIMIT, promotionState, type ArrayField, type Listing, type ListingPhoto } from '../shape.ts';

export { LISTING_RULES };

export const ARRAY_FIELDS: readonly ArrayField[] = [...ATTRIBUTE_KEYS, 'offered_services'];

export interface ListingFormValues {
  title: string;
  category: string;
  city: string;
  zone: string;
  /** NumberInput gives '' when empty and a string while a number is half typed. */
  age: number | string;
  hourly_rate: number | string;
  description: string;
  ethnicity: string[];
  nationality: string[];
  breast_type: string[];
  hair_color: string[];
  body_type: string[];
  eye_color: string[];
  meeting_type: string[];
  availability_for: string[];
  meeting_location: string[];
  offered_services: string[];
}

export type ListingFormErrors = Partial<Record<keyof ListingFormValues, string>>;

export function emptyListingForm(): ListingFormValues {
  const arrays = Object.fromEntries(ARRAY_FIELDS.map((k) => [k, []])) as unknown as Pick<ListingFormValues, ArrayField>;
  return { title: '', category: '', city: '', zone: '', age: '', hourly_rate: '', description: '', ...arrays };
}

/** As the trigger's trim(): spaces only (tabs and new lines stay and count). NUL cannot be stored in Postgres text. */
export function sqlTrim(s: string): string {
  return s.replace(/\0/g, '').replace(/^ +| +$/g, '');
}

/** Characters as Postgres' char_length counts them: code points, so an emoji is one. */
export function charCount(s: string): number {
  return [...s].length;
}

type TextRule = { readonly min?: number; readonly max: number };
const fits = (s: string, r: TextRule) => charCount(s) >= (r.min ?? 0) && charCount(s) <= r.max;

/** A number field's value, or null when empty; NaN when it is not a number. */
export function numberOf(v: number | string): number | null {
  if (typeof v === 'number') return v;
  const s = v.trim().replace(',', '.');
  if (s === '') return null;
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
}

/** The rate as numeric(8, 2) stores it: rounded to cents. */
const cents = (n: number) => Math.round(n * 100) / 100;

/** Every field's first problem, in the trigger's words; an empty object when the listing can be saved. */
export function validateListingForm(v: ListingFormValues): ListingFormErrors {
  const r = LISTING_RULES;
  const errors: ListingFormErrors = {};
  if (!fits(sqlTrim(v.title), r.title)) errors.title = r.title.message;
  if (!(r.options.category as readonly string[]).includes(v.category)) errors.category = r.category.message;
  if (!fits(sqlTrim(v.city), r.city)) errors.city = r.city.message;
  if (!fits(sqlTrim(v.zone), r.zone)) errors.zone = r.zone.message;
  const age = numberOf(v.age);
  if (age === null || !Number.isInteger(age) || age < r.age.min || age > r.age.max) errors.age = r.age.message;
  const rate = numberOf(v.hourly_rate);
  if (rate !== null && (Number.isNaN(rate) || cents(rate) < r.hourly_rate.min || cents(rate) > r.hourly_rate.max)) {
    errors.hourly_rate = r.hourly_rate.message;
  }
  if (!fits(sqlTrim(v.description), r.description)) errors.description = r.description.message;
  for (const key of ARRAY_FIELDS) {
    const allowed = r.options[key] as readonly string[];
    if (!v[key].every((x) => allowed.includes(x))) errors[key] = r.option.message;
  }
  return errors;
}

export const isListingFormValid = (v: ListingFormValues) => Object.keys(validateListingForm(v)).length === 0;

type ListingColumns = Pick<
  Database['public']['Tables']['listings']['Update'],
  'title' | 'category' | 'city' | 'zone' | 'age' | 'description' | 'hourly_rate' | ArrayField
>;

/** The columns the owner edits, as the database will store them. Call on valid values only. */
export function toListingColumns(v: ListingFormValues): Required<ListingColumns> {
  const rate = numberOf(v.hourly_rate);
  return {
    title: sqlTrim(v.title),
    category: v.category,
    city: sqlTrim(v.city),
    zone: sqlTrim(v.zone) || null,
    age: Number(numberOf(v.age)),
    description: sqlTrim(v.description),
    hourly_rate: rate === null ? null : cents(rate),
    ethnicity: [...v.ethnicity],
    nationality: [...v.nationality],
    breast_type: [...v.breast_type],
    hair_color: [...v.hair_color],
    body_type: [...v.body_type],
    eye_color: [...v.eye_color],
    meeting_type: [...v.meeting_type],
    availability_for: [...v.availability_for],
    meeting_location: [...v.meeting_location],
    offered_services: [...v.offered_services],
  };
}

export type CreateListingArgs = Database['public']['Functions']['create_listing']['Args'];

/** create_listing's arguments; `creationKey` makes a repeated call return the first listing without a second charge. */
export function toCreateArgs(v: ListingFormValues, creationKey: string): CreateListingArgs {
  const c = toListingColumns(v);
  return {
    p_title: c.title,
    p_category: c.category,
    p_city: c.city,
    p_zone: c.zone ?? undefined,
    p_age: c.age,
    p_description: c.description,
    p_hourly_rate: c.hourly_rate ?? undefined,
    p_ethnicity: c.ethnicity,
    p_nationality: c.nationality,
    p_breast_type: c.breast_type,
    p_hair_color: c.hair_color,
    p_body_type: c.body_type,
    p_eye_color: c.eye_color,
    p_meeting_type: c.meeting_type,
    p_availability_for: c.availability_for,
    p_meeting_location: c.meeting_location,
    p_offered_services: c.offered_services,
    p_creation_key: creationKey,
  };
}

/** The form's values of an existing listing. */
export function fromListing(l: Listing): ListingFormValues {
  const out = emptyListingForm();
  out.title = l.title;
  out.category = l.category;
  out.city = l.city;
  out.zone = l.zone ?? '';
  out.age = l.age ?? '';
  out.hourly_rate = l.hourly_rate ?? '';
  out.description = l.description ?? '';
  for (const key of ARRAY_FIELDS) out[key] = [...(l[key] ?? [])];
  return out;
}

/**
 * The listing a visitor's card would show for these values (what is typed so far, with the
 * trigger's trimming), with `photos` as its photos, published now for 30 days.
 */
export function previewListing(
  v: ListingFormValues,
  opts: { id?: string; photos?: ListingPhoto[]; now?: Date; base?: Partial<Listing> } = {},
): Listing {
  const now = opts.now ?? new Date();
  const age = numberOf(v.age);
  const rate = numberOf(v.hourly_rate);
  const arrays = Object.fromEntries(ARRAY_FIELDS.map((k) => [k, [...v[k]]])) as Pick<Listing, ArrayField>;
  return {
    id: opts.id ?? 'anteprima',
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
    is_premium: false,
    promotion_start_at: null,
    promotion_end_at: null,
    last_bumped_at: null,
    is_paused: false,
    ...opts.base,
    title: sqlTrim(v.title),
    category: v.category,
    city: sqlTrim(v.city),
    zone: sqlTrim(v.zone) || null,
    age: age !== null && Number.isInteger(age) ? age : null,
    description: sqlTrim(v.description) || null,
    hourly_rate: rate !== null && !Number.isNaN(rate) ? cents(rate) : null,
    ...arrays,
    photos: opts.photos ?? [],
  };
}

/**
 * The editor's word on photos, before any upload (issue 43): visitors see only the first photo
 * of a listing without a running promotion, and all of them (up to 5) while one runs.
 */
export function photosShownNote(
  l: Pick<Listing, 'is_premium' | 'promotion_start_at' | 'promotion_end_at' | 'is_paused'> | null | undefined,
  now: Date = new Date(),
): string {
  return t.listingEditor.photosShown[l ? promotionState(l, now) : 'base'](PREMIUM_PHOTO_LIMIT);
}
