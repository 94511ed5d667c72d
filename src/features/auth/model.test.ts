import { describe, expect, it } from 'vitest';
import { t } from '@/lib/catalogue/index.ts';
import {
  authPath,
  callbackKind,
  guardRedirect,
  safeRedirect,
  validateLogin,
  validateNewPassword,
  validateRegister,
  validateResetRequest,
  type Access,
  type Role,
} from './model.ts';

const at = (pathname: string, search = '') => ({ pathname, search });
const anon = { signedIn: false, role: null };
const as = (role: Role) => ({ signedIn: true, role });

describe('guards of the route table', () => {
  it('public routes let everyone in', () => {
    expect(guardRedirect('public', anon, at('/'))).toBeNull();
    expect(guardRedirect('public', as('banned'), at('/termini'))).toBeNull();
  });

  it('member routes: anonymous to /auth with a return path, banned to /banned', () => {
    expect(guardRedirect('member', anon, at('/dashboard'))).toBe('/auth?tab=login&redirect=%2Fdashboard');
    expect(guardRedirect('member', anon, at('/promote-listing/1', '?mode=night'))).toBe('/auth?tab=login&redirect=%2Fpromote-listing%2F1%3Fmode%3Dnight');
    expect(guardRedirect('member', as('banned'), at('/dashboard'))).toBe('/banned');
    for (const role of ['user', 'admin', 'supporto'] as const) expect(guardRedirect('member', as(role), at('/dashboard'))).toBeNull();
  });

  it('/my-tickets has no banned check', () => {
    expect(guardRedirect('memberAllowBanned', as('banned'), at('/my-tickets'))).toBeNull();
    expect(guardRedirect('memberAllowBanned', anon, at('/my-tickets'))).toBe('/auth?tab=login&redirect=%2Fmy-tickets');
  });

  it('/banned is for banned users only; others go to /', () => {
    expect(guardRedirect('banned', as('banned'), at('/banned'))).toBeNull();
    expect(guardRedirect('banned', anon, at('/banned'))).toBe('/');
    for (const role of ['user', 'admin', 'supporto'] as const) expect(guardRedirect('banned', as(role), at('/banned'))).toBe('/');
  });

  it('/auth: anonymous stay; banned to /banned; staff to /admin; others to /dashboard', () => {
    expect(guardRedirect('authPage', anon, at('/auth'))).toBeNull();
    expect(guardRedirect('authPage', as('banned'), at('/auth'))).toBe('/banned');
    expect(guardRedirect('authPage', as('admin'), at('/auth'))).toBe('/admin');
    expect(guardRedirect('authPage', as('supporto'), at('/auth'))).toBe('/admin');
    expect(guardRedirect('authPage', as('user'), at('/auth'))).toBe('/dashboard');
  });

  it('/auth honours a safe return path, never for banned users', () => {
    expect(guardRedirect('authPage', as('user'), at('/auth', '?redirect=%2Fnew-ticket'))).toBe('/new-ticket');
    expect(guardRedirect('authPage', as('user'), at('/auth', '?redirect=https://evil.example'))).toBe('/dashboard');
    expect(guardRedirect('authPage', as('user'), at('/auth', '?redirect=//evil.example'))).toBe('/dashboard');
    expect(guardRedirect('authPage', as('banned'), at('/auth', '?redirect=/new-ticket'))).toBe('/banned');
  });

  it('/admin: admin or supporto only, others to /', () => {
    expect(guardRedirect('staff', as('admin'), at('/admin'))).toBeNull();
    expect(guardRedirect('staff', as('supporto'), at('/admin'))).toBeNull();
    expect(guardRedirect('staff', as('user'), at('/admin'))).toBe('/');
    expect(guardRedirect('staff', as('banned'), at('/admin'))).toBe('/');
    expect(guardRedirect('staff', anon, at('/admin'))).toBe('/');
  });

  it('covers every access kind', () => {
    const kinds: Access[] = ['public', 'member', 'memberAllowBanned', 'authPage', 'staff'];
    for (const k of kinds) expect(() => guardRedirect(k, anon, at('/'))).not.toThrow();
  });
});

describe('redirect helpers', () => {
  it('keeps same-site paths only', () => {
    expect(safeRedirect('/my-tickets')).toBe('/my-tickets');
    expect(safeRedirect('//x.it')).toBeNull();
    expect(safeRedirect('http://x.it')).toBeNull();
    expect(safeRedirect('/auth?tab=login')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
  it('builds /auth links', () => {
    expect(authPath('register', '/new-ticket')).toBe('/auth?tab=register&redirect=%2Fnew-ticket');
    expect(authPath('login')).toBe('/auth?tab=login');
  });
  it('tells callback links apart', () => {
    expect(callbackKind('#access_token=x&type=recovery')).toBe('recovery');
    expect(callbackKind('#access_token=x&type=signup')).toBe('signin');
    expect(callbackKind('#error=access_denied&error_description=expired')).toBe('error');
    expect(callbackKind('', '?error=x')).toBe('error');
  });
});

describe('account forms', () => {
  const m = t.auth.validation;
  it('login needs e-mail and password', () => {
    expect(validateLogin({ email: '', password: '' }, m)).toEqual({ email: m.emailRequired, password: m.passwordRequired });
    expect(validateLogin({ email: 'x', password: 'p' }, m)).toEqual({ email: m.emailInvalid });
    expect(validateLogin({ email: '  giulia@example.it ', password: 'p' }, m)).toEqual({});
  });
  it('a recovery request needs a valid e-mail', () => {
    expect(validateResetRequest({ email: ' ' }, m)).toEqual({ email: m.emailRequired });
    expect(validateResetRequest({ email: 'giulia@example' }, m)).toEqual({ email: m.emailInvalid });
    expect(validateResetRequest({ email: 'giulia@example.it' }, m)).toEqual({});
  });
  it('a new password has 8+ characters, typed twice alike', () => {
    expect(validateNewPassword({ password: '', confirm: '' }, m)).toEqual({ password: m.passwordRequired });
    expect(validateNewPassword({ password: 'short', confirm: 'short' }, m)).toEqual({ password: m.passwordShort });
    expect(validateNewPassword({ password: 'password1', confirm: 'password2' }, m)).toEqual({ confirm: m.passwordMismatch });
    expect(validateNewPassword({ password: 'password1', confirm: 'password1' }, m)).toEqual({});
  });
  it('registration needs name, e-mail, matching 8+ character passwords, 18+ and Termini', () => {
    const errors = validateRegister({ displayName: 'A', email: 'a@b', password: 'short', confirm: 'other', ref: '', age: false, terms: false }, m);
    expect(errors).toEqual({
      displayName: m.displayNameShort,
      email: m.emailInvalid,
      password: m.passwordShort,
      confirm: m.passwordMismatch,
      age: m.ageRequired,
      terms: m.termsRequired,
    });
    expect(validateRegister({ displayName: 'Giulia', email: 'g@x.it', password: 'password1', confirm: 'password1', ref: '', age: true, terms: true }, m)).toEqual({});
  });
});
