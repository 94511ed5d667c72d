import { expect } from 'vitest';
import { platformInfo } from './clients.ts';

export interface Mail {
  id: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  links: string[];
  type: string;
  created_at: string;
}

/** The local outbox for one address, newest first. */
export async function mailsTo(email: string): Promise<Mail[]> {
  const res = await fetch(`${platformInfo().url}/_dev/mail.json?to=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Mail[];
}

/** The newest mail of a type to an address (fails the test when there is none). */
export async function lastMail(email: string, type: string): Promise<Mail> {
  const mail = (await mailsTo(email)).find((m) => m.type === type);
  expect(mail, `no ${type} mail to ${email}`).toBeDefined();
  return mail!;
}

/** Follows an e-mail link like a browser's first hop: the 303 and its Location. */
export async function follow(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

/** The fragment of a redirect as key/values. */
export function fragment(url: URL): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(url.hash.slice(1)));
}

/** A raw call to the auth API (for what supabase-js can't send: bad JSON, huge bodies, forged tokens). */
export async function authFetch(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const info = platformInfo();
  const headers = new Headers(init.headers);
  headers.set('apikey', info.anonKey);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${init.token ?? info.anonKey}`);
  if (init.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return fetch(`${info.url}/auth/v1${path}`, { ...init, headers });
}

/** The token query parameter of an e-mail link. */
export function linkToken(link: string): string {
  return new URL(link).searchParams.get('token')!;
}
