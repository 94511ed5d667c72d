import { describe, expect, it } from 'vitest';
import { t } from '@/lib/catalogue/screens.ts';
import { statementKind, userActions, validateCredits } from './model.ts';

const m = { ...t.adminStaff.users.adjust_, reasonRequired: t.adminStaff.common.reasonRequired };

describe('validateCredits', () => {
  it('wants a whole non-zero amount that keeps the balance at zero or more, and a reason', () => {
    expect(validateCredits({ amount: '', reason: '' }, 5, m)).toEqual({ amount: m.amountInvalid, reason: m.reasonRequired });
    expect(validateCredits({ amount: 0, reason: 'x' }, 5, m)).toEqual({ amount: m.amountInvalid });
    expect(validateCredits({ amount: 1.5, reason: 'x' }, 5, m)).toEqual({ amount: m.amountInvalid });
    expect(validateCredits({ amount: -6, reason: 'Rimborso' }, 5, m)).toEqual({ amount: m.negative });
    expect(validateCredits({ amount: -5, reason: '  ' }, 5, m)).toEqual({ reason: m.reasonRequired });
    expect(validateCredits({ amount: 10, reason: 'Rimborso' }, 5, m)).toEqual({});
  });
});

describe('userActions', () => {
  const adminV = { id: 'a', role: 'admin' as const };
  const sup = { id: 's', role: 'supporto' as const };
  it('lets supporto ban and unban users only; credits and roles are for admins; nobody acts on themselves', () => {
    expect(userActions(sup, { id: 'u', role: 'user' })).toEqual({ ban: true, unban: false, adjustCredits: false, changeRole: false });
    expect(userActions(sup, { id: 'x', role: 'admin' })).toMatchObject({ ban: false });
    expect(userActions(sup, { id: 'b', role: 'banned' })).toMatchObject({ ban: false, unban: true });
    expect(userActions(adminV, { id: 'x', role: 'supporto' })).toEqual({ ban: true, unban: false, adjustCredits: true, changeRole: true });
    expect(userActions(adminV, { id: 'a', role: 'admin' })).toMatchObject({ ban: false, changeRole: false });
  });
});

it('names a statement of reasons: a ban, a new reason for a running ban (which keeps its date), an unban', () => {
  const at = '2026-11-20T10:00:00+00:00';
  expect(statementKind({ decision: 'ban', banned_at: at, created_at: at })).toBe('ban');
  expect(statementKind({ decision: 'ban', banned_at: at, created_at: '2026-11-21T09:00:00+00:00' })).toBe('reason');
  expect(statementKind({ decision: 'unban', banned_at: null, created_at: at })).toBe('unban');
});
