import type { ApiModule, Platform } from '../core/types.ts';
import type { Queryable } from '../db/types.ts';
import { json, whenAnswered } from '../http.ts';
import { iso } from './util.ts';

export type MailType = 'signup' | 'recovery' | 'email_change' | 'magiclink' | 'invite';

const SUBJECTS: Record<MailType, string> = {
  signup: 'Conferma la tua registrazione',
  recovery: 'Reimposta la password',
  email_change: 'Conferma il cambio di e-mail',
  magiclink: 'Il tuo link di accesso',
  invite: 'Sei stato invitato',
};

const INTRO: Record<MailType, string> = {
  signup: 'Segui questo link per confermare la tua registrazione:',
  recovery: 'Segui questo link per reimpostare la password:',
  email_change: 'Segui questo link per confermare il cambio del tuo indirizzo e-mail:',
  magiclink: 'Segui questo link per accedere:',
  invite: 'Sei stato invitato a creare un account. Segui questo link per accettare:',
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Records an e-mail in the local outbox instead of sending it: nothing leaves the machine,
 * and tests and developers read it back from /_dev/mail.
 */
export async function sendMail(db: Queryable, m: { to: string; type: MailType; link: string; otp: string }): Promise<void> {
  const subject = SUBJECTS[m.type];
  const text = `${INTRO[m.type]}\n\n${m.link}\n\nOppure inserisci il codice: ${m.otp}\n`;
  const html =
    `<h2>${esc(subject)}</h2><p>${esc(INTRO[m.type])}</p>` +
    `<p><a href="${esc(m.link)}">${esc(subject)}</a></p><p>Oppure inserisci il codice: <b>${esc(m.otp)}</b></p>`;
  await db.query(
    `insert into _local.auth_mail (to_email, subject, html, text, links, type) values ($1, $2, $3, $4, $5::jsonb, $6)`,
    [m.to, subject, html, text, JSON.stringify([m.link]), m.type],
  );
}

/** Per platform, the tail of the mail work done after the answer went out. */
const queues = new WeakMap<Platform, Promise<void>>();

/**
 * Runs mail work (look the address up, issue a token, mail it) once the answer to `req` has
 * gone out, one job at a time in request order, so an answer takes as long whether the
 * address has an account or not. The outbox waits for queued work before it is read.
 */
export function mailLater(p: Platform, req: Request, work: () => Promise<void>): void {
  const sent = new Promise<void>((resolve) => whenAnswered(req, resolve));
  const tail = queues.get(p) ?? Promise.resolve();
  const next = Promise.all([tail, sent])
    // A turn of the event loop first: Node flushes the answer on the next tick, and PGlite's
    // queries would otherwise run before that, in the same microtask queue.
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(work)
    .catch((err: Error) => p.log('mail', `could not send: ${err.message}`));
  queues.set(p, next);
}

/** Resolves once the mail work queued so far is done. */
export function mailQueued(p: Platform): Promise<void> {
  return queues.get(p) ?? Promise.resolve();
}

interface MailRow {
  id: string;
  to_email: string;
  subject: string;
  html: string;
  text: string;
  links: string[];
  type: string;
  created_at: string;
}

async function listMail(db: Queryable, to: string | null): Promise<MailRow[]> {
  const r = to
    ? await db.query<MailRow>(
        `select id::text, to_email, subject, html, text, links, type, created_at from _local.auth_mail m
         where lower(m.to_email) = lower($1) order by m.id desc limit 200`,
        [to],
      )
    : await db.query<MailRow>(
        `select id::text, to_email, subject, html, text, links, type, created_at from _local.auth_mail m order by m.id desc limit 200`,
      );
  return r.rows;
}

/**
 * The local mail outbox under /_dev: an HTML page for people, JSON for tests. Same origin
 * only: no CORS headers, and browsers may not embed it elsewhere (it holds live sign-in links).
 */
export async function createDevMailApi(p: Platform): Promise<ApiModule> {
  return {
    prefix: '/_dev',
    cors: false,
    async handle(req, path) {
      const response = await outbox(p, req, path);
      response.headers.set('cross-origin-resource-policy', 'same-origin');
      response.headers.set('x-content-type-options', 'nosniff');
      response.headers.set('cache-control', 'no-store');
      return response;
    },
  };
}

async function outbox(p: Platform, req: Request, path: string): Promise<Response> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return json({ message: 'Method not allowed' }, 405);
  const to = new URL(req.url).searchParams.get('to');
  await mailQueued(p);
  if (path === '/mail.json') {
    const rows = await listMail(p.db, to);
    return json(
      rows.map((m) => ({
        id: Number(m.id),
        to: m.to_email,
        subject: m.subject,
        html: m.html,
        text: m.text,
        links: m.links,
        type: m.type,
        created_at: iso(m.created_at),
      })),
    );
  }
  if (path === '/mail' || path === '/mail/') {
    const rows = await listMail(p.db, to);
    const items = rows
      .map(
        (m) =>
          `<article><h3>${esc(m.subject)}</h3><p class="meta">A: ${esc(m.to_email)} · ${esc(iso(m.created_at) ?? '')} · ${esc(m.type)}</p>` +
          `<pre>${esc(m.text)}</pre><ul>${m.links.map((l) => `<li><a href="${esc(l)}">${esc(l)}</a></li>`).join('')}</ul></article>`,
      )
      .join('\n');
    const page =
      `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Posta locale</title>` +
      `<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}` +
      `article{border:1px solid #ccc;border-radius:8px;padding:0 1rem;margin:1rem 0}.meta{color:#666}pre{white-space:pre-wrap}` +
      `a{word-break:break-all}</style></head><body><h1>Posta locale (${rows.length})</h1>` +
      (items || '<p>Nessuna e-mail.</p>') +
      `</body></html>`;
    return new Response(page, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  }
  return json({ message: 'Not found' }, 404);
}
