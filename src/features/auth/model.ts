/** Pure rules of the signed-in frame: roles, the route guards, form validation. */
import { isValidEmail } from '@/lib/contact.ts';

export type Role = 'user' | 'admin' | 'supporto' | 'banned';

export interface Viewer {
  signedIn: boolean;
  role: Role | null;
}

/**
 * How a route is guarded:
 * - public: anyone;
 * - member: signed-in, banned go to /banned, anonymous to /auth;
 * - memberAllowBanned: signed-in only, no banned check (/my-tickets and a ticket's thread);
 * - banned: banned users only (/banned), others go to /;
 * - authPage: /auth itself, anonymous only;
 * - staff: admin or supporto, others go to /.
 */
export type Access = 'public' | 'member' | 'memberAllowBanned' | 'banned' | 'authPage' | 'staff';

export function isStaff(role: Role | null | undefined): boolean {
  return role === 'admin' || role === 'supporto';
}

export function toRole(value: unknown): Role {
  return value === 'admin' || value === 'supporto' || value === 'banned' ? value : 'user';
}

/** A same-site path that is safe to return to after signing in, else null. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === '/auth' || value.startsWith('/auth?') || value.startsWith('/auth/')) return null;
  return value;
}

/** /auth?tab=…&redirect=… */
export function authPath(tab: 'login' | 'register', redirect?: string | null): string {
  const params = new URLSearchParams({ tab });
  const back = safeRedirect(redirect);
  if (back) params.set('redirect', back);
  return `/auth?${params.toString()}`;
}

/**
 * Where a viewer must go instead of a route guarded by `access`, or null to stay.
 * `location` is the requested path and query (the return path for anonymous viewers).
 */
export function guardRedirect(access: Access, viewer: Viewer, location: { pathname: string; search: string }): string | null {
  const banned = viewer.signedIn && viewer.role === 'banned';
  switch (access) {
    case 'public':
      return null;
    case 'member':
      if (!viewer.signedIn) return authPath('login', location.pathname + location.search);
      return banned ? '/banned' : null;
    case 'memberAllowBanned':
      return viewer.signedIn ? null : authPath('login', location.pathname + location.search);
    case 'banned':
      return banned ? null : '/';
    case 'authPage': {
      if (!viewer.signedIn) return null;
      if (banned) return '/banned';
      const back = safeRedirect(new URLSearchParams(location.search).get('redirect'));
      if (isStaff(viewer.role)) return back ?? '/admin';
      return back ?? '/dashboard';
    }
    case 'staff':
      return viewer.signedIn && isStaff(viewer.role) ? null : '/';
  }
}

export const PASSWORD_MIN = 8;
export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 40;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface AuthMessages {
  emailRequired: string;
  emailInvalid: string;
  passwordRequired: string;
  passwordShort: string;
  passwordMismatch: string;
  displayNameShort: string;
  displayNameLong: string;
  ageRequired: string;
  termsRequired: string;
}

export interface LoginValues {
  email: string;
  password: string;
}

export interface NewPasswordValues {
  password: string;
  confirm: string;
}

export interface RegisterValues extends NewPasswordValues {
  displayName: string;
  email: string;
  age: boolean;
  terms: boolean;
  /** A referral code, optional. */
  ref: string;
}

/** The typed address, trimmed as it is sent; the rule is the database's (lib/contact.ts). */
export function validateEmail(email: string, m: Pick<AuthMessages, 'emailRequired' | 'emailInvalid'>): string | undefined {
  const trimmed = email.trim();
  if (!trimmed) return m.emailRequired;
  if (!isValidEmail(trimmed)) return m.emailInvalid;
  return undefined;
}

export function validateLogin(v: LoginValues, m: AuthMessages): FieldErrors<keyof LoginValues> {
  const errors: FieldErrors<keyof LoginValues> = {};
  const email = validateEmail(v.email, m);
  if (email) errors.email = email;
  if (!v.password) errors.password = m.passwordRequired;
  return errors;
}

/** The password-recovery request: an address only. */
export function validateResetRequest(v: { email: string }, m: AuthMessages): FieldErrors<'email'> {
  const email = validateEmail(v.email, m);
  return email ? { email } : {};
}

export function validateNewPassword(v: NewPasswordValues, m: AuthMessages): FieldErrors<keyof NewPasswordValues> {
  const errors: FieldErrors<keyof NewPasswordValues> = {};
  if (!v.password) errors.password = m.passwordRequired;
  else if (v.password.length < PASSWORD_MIN) errors.password = m.passwordShort;
  if (v.password && v.confirm !== v.password) errors.confirm = m.passwordMismatch;
  return errors;
}

export function validateDisplayName(name: string, m: AuthMessages): string | undefined {
  const trimmed = name.trim();
  if (trimmed.length < DISPLAY_NAME_MIN) return m.displayNameShort;
  if (trimmed.length > DISPLAY_NAME_MAX) return m.displayNameLong;
  return undefined;
}

export function validateRegister(v: RegisterValues, m: AuthMessages): FieldErrors<keyof RegisterValues> {
  const errors: FieldErrors<keyof RegisterValues> = { ...validateNewPassword(v, m) };
  const name = validateDisplayName(v.displayName, m);
  if (name) errors.displayName = name;
  const email = validateEmail(v.email, m);
  if (email) errors.email = email;
  if (!v.age) errors.age = m.ageRequired;
  if (!v.terms) errors.terms = m.termsRequired;
  return errors;
}

/** What kind of link brought the visitor to /auth/callback, read from the URL fragment or query. */
export function callbackKind(hash: string, search = ''): 'recovery' | 'error' | 'signin' {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search);
  if (params.get('error') || params.get('error_description') || query.get('error')) return 'error';
  if (params.get('type') === 'recovery' || query.get('type') === 'recovery') return 'recovery';
  return 'signin';
}
