/** Pure profile-settings rules: the forms' validation, the saved patch, the export's name. */
import { isValidEmail } from '@/features/auth/index.ts';
import { isValidPhone, normalizePhone } from '@/lib/contact.ts';

export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 40;

export interface PersonalFormValues {
  displayName: string;
  phone: string;
}

export interface PersonalFormMessages {
  displayNameShort: string;
  displayNameLong: string;
  phoneInvalid: string;
}

export type FormErrors<V> = Partial<Record<keyof V, string>>;

export function validatePersonalForm(v: PersonalFormValues, m: PersonalFormMessages): FormErrors<PersonalFormValues> {
  const errors: FormErrors<PersonalFormValues> = {};
  const name = v.displayName.trim();
  if (name.length < DISPLAY_NAME_MIN) errors.displayName = m.displayNameShort;
  else if (name.length > DISPLAY_NAME_MAX) errors.displayName = m.displayNameLong;
  const phone = normalizePhone(v.phone);
  if (phone && !isValidPhone(phone)) errors.phone = m.phoneInvalid;
  return errors;
}

/** What a valid personal form saves: the trimmed name and the normalised phone (null when empty). */
export function personalPatch(v: PersonalFormValues): { display_name: string; phone: string | null } {
  return { display_name: v.displayName.trim(), phone: normalizePhone(v.phone) };
}

export interface EmailChangeValues {
  newEmail: string;
}

export function validateEmailChange(v: EmailChangeValues, m: { emailRequired: string; emailInvalid: string }): FormErrors<EmailChangeValues> {
  const email = v.newEmail.trim();
  if (!email) return { newEmail: m.emailRequired };
  return isValidEmail(email) ? {} : { newEmail: m.emailInvalid };
}

/** Deleting the account is allowed once the confirmation word is typed (any case, spaces around). */
export function deleteConfirmed(typed: string, word: string): boolean {
  return typed.trim().toUpperCase() === word;
}

/** The file name of the GDPR export, e.g. 'i-miei-dati-2026-11-22.json'. */
export function exportFileName(now: Date = new Date()): string {
  return `i-miei-dati-${now.toISOString().slice(0, 10)}.json`;
}
