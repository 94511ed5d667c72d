/** Pure logic of the Utenti section: the forms' checks and what a user's row offers. */
import type { Role } from '@/features/auth/index.ts';

export const USERS_PAGE_SIZE = 20;

/** A trimmed reason, or the message that asks for one. */
export function reasonError(reason: string, message: string): string | null {
  return reason.trim() ? null : message;
}

export interface CreditsFormValues {
  amount: number | string;
  reason: string;
}

/**
 * The credit adjustment's checks: a whole number other than zero that does not take the
 * balance below zero (the database refuses it too), and a reason.
 */
export function validateCredits(
  values: CreditsFormValues,
  balance: number,
  m: { amountInvalid: string; negative: string; reasonRequired: string },
): Partial<Record<keyof CreditsFormValues, string>> {
  const errors: Partial<Record<keyof CreditsFormValues, string>> = {};
  const n = typeof values.amount === 'number' ? values.amount : Number(String(values.amount).replace(',', '.'));
  if (String(values.amount).trim() === '' || !Number.isInteger(n) || n === 0) errors.amount = m.amountInvalid;
  else if (balance + n < 0) errors.amount = m.negative;
  const r = reasonError(values.reason, m.reasonRequired);
  if (r) errors.reason = r;
  return errors;
}

/** What staff may do to a user: nobody acts on themselves; only an admin bans staff or changes roles. */
export function userActions(viewer: { id: string; role: Role | null }, target: { id: string; role: string }) {
  const self = viewer.id === target.id;
  const admin = viewer.role === 'admin';
  const staffTarget = target.role === 'admin' || target.role === 'supporto';
  return {
    ban: !self && target.role !== 'banned' && (admin || !staffTarget),
    unban: !self && target.role === 'banned',
    adjustCredits: admin,
    changeRole: admin && !self,
  };
}

/** A statement of reasons as staff read it: a ban, a new reason for a ban already running (it keeps the ban's date), or an unban. */
export function statementKind(s: { decision: string; banned_at: string | null; created_at: string }): 'ban' | 'reason' | 'unban' {
  if (s.decision === 'unban') return 'unban';
  return s.banned_at !== null && Date.parse(s.banned_at) < Date.parse(s.created_at) ? 'reason' : 'ban';
}
