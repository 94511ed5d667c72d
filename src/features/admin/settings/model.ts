/**
 * Pure logic of the Impostazioni section: how each setting is edited (its JSON value as a
 * field's text and back) and the credit package form.
 */
export type SettingKind = 'integer' | 'durations' | 'nightWindow' | 'text' | 'terms';

/** The kind of a setting, by its stored value's shape. */
export function settingKind(value: unknown): SettingKind {
  if (typeof value === 'number') return 'integer';
  // A list of words: the screening's terms and risk patterns (issue 26).
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) return 'terms';
  if (Array.isArray(value)) return 'durations';
  if (value && typeof value === 'object' && 'start' in value && 'end' in value) return 'nightWindow';
  return 'text';
}

export interface NightWindow {
  start: string;
  end: string;
  time_zone?: string;
}

/** A setting's value as the text of its field. */
export function settingText(value: unknown): string {
  switch (settingKind(value)) {
    case 'integer':
      return String(value);
    case 'durations':
      return (value as unknown[]).join(', ');
    case 'terms':
      // One term per line (issue 43): a list of 17 does not fit a one-line field.
      return (value as unknown[]).join('\n');
    case 'nightWindow':
      return `${(value as NightWindow).start}-${(value as NightWindow).end}`;
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

/** The field's text back as the setting's value, or an error for the message table. */
export function parseSetting(
  previous: unknown,
  text: string,
): { value: unknown } | { error: 'integerRequired' | 'durationsInvalid' | 'timeInvalid' | 'valueInvalid' | 'termsInvalid' } {
  const s = text.trim();
  switch (settingKind(previous)) {
    case 'integer':
      return /^\d+$/.test(s) ? { value: Number(s) } : { error: 'integerRequired' };
    case 'durations': {
      const parts = s.split(/[,;\s]+/).filter(Boolean);
      if (!parts.length || !parts.every((p) => /^\d+$/.test(p) && Number(p) > 0)) return { error: 'durationsInvalid' };
      return { value: [...new Set(parts.map(Number))].sort((a, b) => a - b) };
    }
    case 'terms': {
      // One per line (a comma also separates, as a pasted list has them): each term trimmed,
      // its '+' parts spaced alike, empty lines and duplicates dropped.
      const terms = termLines(s).map((p) => p.split('+').map((x) => x.trim().replace(/\s+/g, ' ')).filter(Boolean).join(' + ')).filter(Boolean);
      return terms.length ? { value: [...new Set(terms)] } : { error: 'termsInvalid' };
    }
    case 'nightWindow': {
      const m = /^([01]\d|2[0-3]):([0-5]\d)\s*-\s*([01]\d|2[0-3]):([0-5]\d)$/.exec(s);
      if (!m) return { error: 'timeInvalid' };
      return { value: { ...(previous as NightWindow), start: `${m[1]}:${m[2]}`, end: `${m[3]}:${m[4]}` } };
    }
    default:
      return s ? { value: s } : { error: 'valueInvalid' };
  }
}

/** The terms a list field's text holds, as typed (one per line or comma-separated), blanks dropped: what its count counts. */
export function termLines(text: string): string[] {
  return text.split(/[\n,]/).map((p) => p.trim()).filter(Boolean);
}

export interface PackageFormValues {
  name: string;
  credits: number | string;
  /** euros, as typed: '9,90' */
  price: string;
  sortOrder: number | string;
  isActive: boolean;
}

/** '9,90' or '9.90' as cents, or null when it is not a price. */
export function priceCents(text: string): number | null {
  const s = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
}

export const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

export function validatePackage(
  v: PackageFormValues,
  m: { nameRequired: string; creditsInvalid: string; priceInvalid: string },
): Partial<Record<keyof PackageFormValues, string>> {
  const e: Partial<Record<keyof PackageFormValues, string>> = {};
  if (!v.name.trim()) e.name = m.nameRequired;
  const c = Number(v.credits);
  if (String(v.credits).trim() === '' || !Number.isInteger(c) || c <= 0) e.credits = m.creditsInvalid;
  if (priceCents(v.price) == null) e.price = m.priceInvalid;
  return e;
}

export function packagePayload(v: PackageFormValues) {
  return {
    name: v.name.trim(),
    credits: Number(v.credits),
    price_cents: priceCents(v.price)!,
    sort_order: String(v.sortOrder).trim() === '' ? 0 : Number(v.sortOrder),
    is_active: v.isActive,
  };
}
