/** Default prefix for numbers typed without one (SPEC §9). */
export const DEFAULT_PHONE_PREFIX = '+39';

/**
 * SPEC §5: remove all whitespace; empty gives no value; a number starting with + or 00 is
 * kept as is; anything else gets the +39 prefix.
 */
export function normalisePhone(input: string | null | undefined): string | null {
  const compact = (input ?? '').replace(/\s+/g, '');
  if (!compact) return null;
  if (compact.startsWith('+') || compact.startsWith('00')) return compact;
  return `${DEFAULT_PHONE_PREFIX}${compact}`;
}

/** A plausible phone number once normalised: + and 6 to 15 digits, or 00 and digits. */
export function isValidPhone(normalised: string): boolean {
  return /^(\+|00)\d{6,15}$/.test(normalised);
}
