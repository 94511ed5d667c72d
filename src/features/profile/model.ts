/** Pure profile-settings rules. Phone normalisation itself lives in src/lib/phone.ts (SPEC §5). */
import { isValidPhone, normalisePhone } from '@/lib/phone.ts';

export interface ProfileFormMessages {
  displayNameShort: string;
  displayNameLong: string;
  phoneInvalid: string;
}

export function validateProfileForm(v: { displayName: string; phone: string }, m: ProfileFormMessages) {
  const errors: { displayName?: string; phone?: string } = {};
  const name = v.displayName.trim();
  if (name.length < 2) errors.displayName = m.displayNameShort;
  else if (name.length > 40) errors.displayName = m.displayNameLong;
  const phone = normalisePhone(v.phone);
  if (phone && !isValidPhone(phone)) errors.phone = m.phoneInvalid;
  return { errors, phone };
}

/** The file name of the GDPR export, e.g. 'i-miei-dati-2026-11-22.json'. */
export function exportFileName(now: Date = new Date()): string {
  return `i-miei-dati-${now.toISOString().slice(0, 10)}.json`;
}
