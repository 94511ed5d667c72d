/**
 * The e-mail and phone rules, the same in the browser and in the database: SQL spells them
 * in private.is_valid_email, private.normalize_phone and private.is_valid_phone with these
 * very patterns, and tests/db/contact-rules.test.ts runs one table of cases through both.
 * The patterns avoid \s and \d, whose meaning differs between JavaScript and Postgres
 * (Postgres reads them by the server's locale): the characters are listed instead.
 */

/** Whitespace as JavaScript's \s counts it, spelt out for a bracket expression. */
const SPACE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/** Something, @, something, a dot, something: no whitespace and no second @ anywhere. */
export const EMAIL_PATTERN = `^[^@${SPACE}]+@[^@${SPACE}]+\\.[^@${SPACE}]+$`;

/** Default prefix for numbers typed without one. */
export const DEFAULT_PHONE_PREFIX = '+39';
/** Digits of a normalised number, its country code included (E.164 allows at most 15). */
export const PHONE_DIGITS_MIN = 6;
export const PHONE_DIGITS_MAX = 15;
/** What people type between the digits and normalisation removes: whitespace, - . / ( ). */
export const PHONE_SEPARATORS = `[-./()${SPACE}]`;
/** A normalised number: +, a country code that does not start with 0, and the digits. */
export const PHONE_PATTERN = `^\\+[1-9][0-9]{${PHONE_DIGITS_MIN - 1},${PHONE_DIGITS_MAX - 1}}$`;

const EMAIL_RE = new RegExp(EMAIL_PATTERN);
const SEPARATORS_RE = new RegExp(PHONE_SEPARATORS, 'g');
const PHONE_RE = new RegExp(PHONE_PATTERN);

/** The address as given (callers trim what the user typed). */
export function isValidEmail(value: string): boolean {
  return EMAIL_RE.test(value);
}

/**
 * Separators removed; nothing left gives no number; + is kept, a leading 00 becomes +,
 * anything else gets the +39 prefix.
 */
export function normalizePhone(input: string | null | undefined): string | null {
  const compact = (input ?? '').replace(SEPARATORS_RE, '');
  if (!compact) return null;
  if (compact.startsWith('+')) return compact;
  if (compact.startsWith('00')) return `+${compact.slice(2)}`;
  return `${DEFAULT_PHONE_PREFIX}${compact}`;
}

/** Whether a normalised number is one the database accepts. */
export function isValidPhone(normalised: string): boolean {
  return PHONE_RE.test(normalised);
}
