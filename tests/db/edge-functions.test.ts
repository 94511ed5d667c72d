/** The three user edge functions through supabase.functions.invoke: payloads, answers, error bodies. */
import { describe, expect, it } from 'vitest';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { client, platformInfo } from '../support/clients.ts';
import { admin, credits, listingRow } from '../support/db.ts';
import { makeCoupon, makeListing, makeUser } from '../support/factories.ts';

/** The error body and status of a failed invoke. */
async function failure(res: { error: unknown }): Promise<{ status: number; body: any }> {
  expect(res.error).toBeInstanceOf(FunctionsHttpError);
  const response = (res.error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

const MESSAGE = 'Non riesco a caricare le foto del mio annuncio.';

describe('create-ticket', () => {
  it('opens a ticket and answers the success message', async () => {
    const u = await makeUser();
    const l = await makeListing(u);
    const res = await u.client.functions.invoke('create-ticket', {
      body: { listingId: l.id, senderEmail: u.email, messageContent: MESSAGE, initialSubject: 'Foto' },
    });
    expect(res.error).toBeNull();
    expect(res.data).toMatchObject({ message: 'Richiesta inviata con successo! Puoi visualizzare lo stato nella sezione "I miei ticket".' });
    const { data } = await admin().from('tickets').select('subject, listing_id, user_id').eq('id', res.data.ticketId).single();
    expect(data).toEqual({ subject: 'Foto', listing_id: l.id, user_id: u.id });
  });

  it("files the ticket under the caller's own e-mail, not the senderEmail sent", async () => {
    const [u, victim] = await Promise.all([makeUser(), makeUser()]);
    const res = await u.client.functions.invoke('create-ticket', {
      body: { listingId: null, senderEmail: victim.email, messageContent: MESSAGE, initialSubject: null },
    });
    expect(res.error).toBeNull();
    const { data } = await admin().from('tickets').select('user_id, reporter_email').eq('id', res.data.ticketId).single();
    expect(data).toEqual({ user_id: u.id, reporter_email: u.email });
    expect((await victim.client.from('tickets').select('id').eq('id', res.data.ticketId)).data).toEqual([]);
  });

  it('answers {error} with Italian messages on bad input, anonymous or banned callers', async () => {
    const u = await makeUser();
    expect(await failure(await u.client.functions.invoke('create-ticket', { body: { listingId: null, senderEmail: u.email, messageContent: 'corto', initialSubject: null } })))
      .toEqual({ status: 400, body: { error: 'Il messaggio deve contenere almeno 20 caratteri.' } });
    const anon = await failure(await client().functions.invoke('create-ticket', { body: { listingId: null, senderEmail: 'a@b.it', messageContent: MESSAGE } }));
    expect(anon.status).toBe(401);
    expect(typeof anon.body.error).toBe('string');
    const b = await makeUser({ role: 'banned' });
    const banned = await failure(await b.client.functions.invoke('create-ticket', { body: { listingId: null, senderEmail: b.email, messageContent: MESSAGE } }));
    expect(banned).toEqual({ status: 403, body: { error: 'Il tuo account è sospeso: non puoi eseguire questa operazione.' } });
  });

  it('handles CORS preflight and malformed JSON', async () => {
    const { url, anonKey } = platformInfo();
    const pre = await fetch(`${url}/functions/v1/create-ticket`, { method: 'OPTIONS', headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' } });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    const u = await makeUser();
    const { data: s } = await u.client.auth.getSession();
    const bad = await fetch(`${url}/functions/v1/create-ticket`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.session!.access_token}`, apikey: anonKey, 'Content-Type': 'application/json' },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Richiesta non valida.' });
  });
});

describe('pause-resume-listing', () => {
  it('pauses and resumes with the success messages', async () => {
    const u = await makeUser();
    const l = await makeListing(u);
    const p = await u.client.functions.invoke('pause-resume-listing', { body: { listingId: l.id, action: 'pause' } });
    expect(p.error).toBeNull();
    expect(p.data.message).toBe('Annuncio messo in pausa con successo!');
    expect((await listingRow(l.id))!.is_paused).toBe(true);
    const r = await u.client.functions.invoke('pause-resume-listing', { body: { listingId: l.id, action: 'resume' } });
    expect(r.data.message).toBe('Annuncio ripreso con successo!');
    expect((await listingRow(l.id))!.is_paused).toBe(false);
  });

  it('answers {error} for a bad action, a wrong state and someone else\'s listing', async () => {
    const [u, other] = await Promise.all([makeUser(), makeUser()]);
    const l = await makeListing(u);
    expect((await failure(await u.client.functions.invoke('pause-resume-listing', { body: { listingId: l.id, action: 'stop' } }))).status).toBe(400);
    expect(await failure(await u.client.functions.invoke('pause-resume-listing', { body: { listingId: l.id, action: 'resume' } })))
      .toEqual({ status: 400, body: { error: "L'annuncio non è in pausa." } });
    expect(await failure(await other.client.functions.invoke('pause-resume-listing', { body: { listingId: l.id, action: 'pause' } })))
      .toEqual({ status: 404, body: { error: 'Annuncio non trovato.' } });
    expect((await listingRow(l.id))!.is_paused).toBe(false);
  });
});

describe('apply-coupon', () => {
  it('answers {message, discountType, discountValue, couponId, couponType}', async () => {
    const u = await makeUser({ credits: 0 });
    const c = await makeCoupon({ discount_value: 15 });
    const code = c.code;
    const res = await u.client.functions.invoke('apply-coupon', { body: { couponCode: ` ${code} ` } });
    expect(res.error).toBeNull();
    expect(res.data).toEqual({ message: 'Hai ricevuto 15 crediti!', discountType: 'credits', discountValue: 15, couponId: c.id, couponType: 'single_use' });
    expect(await credits(u.id)).toBe(15);
    expect(await failure(await u.client.functions.invoke('apply-coupon', { body: { couponCode: code } })))
      .toEqual({ status: 400, body: { error: 'Hai già utilizzato questo coupon.' } });
    expect(await failure(await u.client.functions.invoke('apply-coupon', { body: { couponCode: '  ' } })))
      .toEqual({ status: 400, body: { error: 'Inserisci un codice coupon.' } });
    expect(await failure(await u.client.functions.invoke('apply-coupon', { body: { couponCode: 'NESSUNO' } })))
      .toEqual({ status: 404, body: { error: 'Codice coupon non valido.' } });
  });
});
