/**
 * Offline writes applied once (issue 45, docs/decisions/1008-offline-writes-applied-once.md):
 * the app's outbox may send each write many times, with the id the app made when the user
 * acted. Each kind sent twice changes the data once (read back as service_role), answers the
 * same, notifies once; another user's same id is another write and learns nothing.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, platformInfo } from '../support/clients.ts';
import { admin, expectError, expectOk } from '../support/db.ts';
import { makeListing, makeUser, type TestUser } from '../support/factories.ts';

const MESSAGE = 'Non riesco a caricare le foto del mio annuncio.';
const id = () => crypto.randomUUID();

/** How many rows of `table` match, as service_role. */
async function count(table: string, match: Record<string, unknown>): Promise<number> {
  const { count: n, error } = await admin().from(table).select('*', { count: 'exact', head: true }).match(match);
  if (error) throw error;
  return n ?? 0;
}

/** The staff-wide bell's notifications of a kind about one row. */
const staffNotes = (type: string, entityId: string) => count('admin_notifications', { type, entity_id: entityId });

/** A visitor's client from an address no other test uses. */
const prefix = `198.18.${Math.floor(Math.random() * 250) + 1}`;
let hosts = 0;
const visitor = () => client(undefined, { 'x-forwarded-for': `${prefix}.${(hosts += 1)}` });

describe('offline writes are applied once', () => {
  let giulia: TestUser;
  let marco: TestUser;
  let staff: TestUser;
  let listing: Record<string, any>;

  beforeAll(async () => {
    [giulia, marco, staff] = await Promise.all([makeUser(), makeUser(), makeUser({ role: 'supporto' })]);
    listing = await makeListing(await makeUser());
  });

  it('a ticket reply sent twice is one message, one notification, the same answer; even once the ticket is closed', async () => {
    const ticket = expectOk<any>(await giulia.client.rpc('create_ticket', { p_sender_email: null, p_message: MESSAGE }));
    const reply = { p_ticket_id: ticket.id, p_body: 'Ecco le foto che non si caricano.', p_client_id: id() };
    const [first, again] = await Promise.all([giulia.client.rpc('reply_ticket', reply), giulia.client.rpc('reply_ticket', reply)]);
    expect(expectOk(again)).toEqual(expectOk(first));
    expect(expectOk<any>(first).client_id).toBe(reply.p_client_id);
    expect(await count('ticket_messages', { ticket_id: ticket.id })).toBe(2);
    expect(await staffNotes('ticket_reply', ticket.id)).toBe(1);
    // Staff close it; the copy that arrives after is still the reply that was applied.
    expectOk(await staff.client.rpc('set_ticket_status', { p_ticket_id: ticket.id, p_status: 'closed' }));
    expect(expectOk(await giulia.client.rpc('reply_ticket', reply))).toEqual(expectOk(first));
    expectError(await giulia.client.rpc('reply_ticket', { ...reply, p_client_id: id() }), 'Il ticket è chiuso: non è possibile rispondere.', 'P0001');
    expect(await count('ticket_messages', { ticket_id: ticket.id })).toBe(2);
  });

  it("another user's reply with the same id is his own; one id on two tickets is refused", async () => {
    const [mine, his] = await Promise.all([
      giulia.client.rpc('create_ticket', { p_sender_email: null, p_message: MESSAGE }),
      marco.client.rpc('create_ticket', { p_sender_email: null, p_message: MESSAGE }),
    ]);
    const clientId = id();
    const a = expectOk<any>(await giulia.client.rpc('reply_ticket', { p_ticket_id: expectOk<any>(mine).id, p_body: 'Di Giulia', p_client_id: clientId }));
    const b = expectOk<any>(await marco.client.rpc('reply_ticket', { p_ticket_id: expectOk<any>(his).id, p_body: 'Di Marco', p_client_id: clientId }));
    expect(b).toMatchObject({ ticket_id: expectOk<any>(his).id, body: 'Di Marco', author_id: marco.id });
    expect(b.id).not.toBe(a.id);
    // Marco cannot reach Giulia's message with her id, on her ticket or his.
    expectError(await marco.client.rpc('reply_ticket', { p_ticket_id: expectOk<any>(mine).id, p_body: 'x', p_client_id: clientId }), 'Ticket non trovato.');
    expectError(await giulia.client.rpc('reply_ticket', { p_ticket_id: expectOk<any>(his).id, p_body: 'x', p_client_id: clientId }), 'Ticket non trovato.');
    const other = expectOk<any>(await giulia.client.rpc('create_ticket', { p_sender_email: null, p_message: MESSAGE }));
    expectError(await giulia.client.rpc('reply_ticket', { p_ticket_id: other.id, p_body: 'x', p_client_id: clientId }), /già stato inviato/, 'P0001');
    expect(expectOk(await admin().from('ticket_messages').select('body').eq('client_id', clientId).order('body'))).toEqual([{ body: 'Di Giulia' }, { body: 'Di Marco' }]);
  });

  it('a new ticket sent twice through create-ticket is one ticket with one message, one notification', async () => {
    const body = { listingId: listing.id, senderEmail: giulia.email, messageContent: MESSAGE, initialSubject: 'Foto', clientId: id() };
    const [first, again] = await Promise.all([
      giulia.client.functions.invoke('create-ticket', { body }),
      giulia.client.functions.invoke('create-ticket', { body }),
    ]);
    expect(first.error).toBeNull();
    expect(again.error).toBeNull();
    expect(again.data).toEqual(first.data);
    const ticketId = first.data.ticketId as string;
    expect(await count('tickets', { user_id: giulia.id, client_id: body.clientId })).toBe(1);
    expect(await count('ticket_messages', { ticket_id: ticketId })).toBe(1);
    expect(await staffNotes('new_ticket', ticketId)).toBe(1);
    // Marco's ticket with the same id is his own.
    const his = await marco.client.functions.invoke('create-ticket', { body: { ...body, senderEmail: marco.email } });
    expect(his.error).toBeNull();
    expect(his.data.ticketId).not.toBe(ticketId);
    expect(his.data.ticket.user_id).toBe(marco.id);
    // An id that is not a uuid is refused in Italian.
    const bad = await giulia.client.functions.invoke('create-ticket', { body: { ...body, clientId: 'x' } });
    expect(await (bad.error as { context: Response }).context.json()).toEqual({ error: 'Richiesta non valida.' });
  });

  it("a visitor's report sent twice is one report, one notification, and not counted against the limits", async () => {
    const report = (c: SupabaseClient, clientId: string, device = id()) =>
      c.rpc('report_listing', { p_listing_id: listing.id, p_reason: 'spam', p_device: device, p_client_id: clientId });
    const clientId = id();
    const device = id();
    const first = expectOk(await report(visitor(), clientId, device)) as string;
    // From another address too (the signal came back on another network), and past the device's hourly limit (3).
    for (let i = 0; i < 4; i += 1) expect(expectOk(await report(i % 2 ? visitor() : client(), clientId, device))).toBe(first);
    expect(await count('listing_reports', { listing_id: listing.id })).toBe(1);
    expect(await staffNotes('new_report', first)).toBe(1);
    // The owner paused the listing after the first copy arrived: the copy still answers it.
    expectOk(await admin().from('listings').update({ is_paused: true }).eq('id', listing.id));
    expect(expectOk(await report(visitor(), clientId, device))).toBe(first);
    expectError(await report(visitor(), id()), 'Annuncio non trovato.', 'P0001');
    expectOk(await admin().from('listings').update({ is_paused: false }).eq('id', listing.id));
    // A signed-in user with that id files her own report.
    const hers = expectOk(await report(giulia.client, clientId)) as string;
    expect(hers).not.toBe(first);
    expect(expectOk(await report(giulia.client, clientId))).toBe(hers);
    expect(await count('listing_reports', { listing_id: listing.id })).toBe(2);
    // Her second report with another id is still the one-open-report rule's.
    expectError(await report(giulia.client, id()), /Hai già segnalato questo annuncio/, 'P0001');
    // Marco with her id files his own; he cannot read hers.
    const his = expectOk(await report(marco.client, clientId)) as string;
    expect([first, hers]).not.toContain(his);
    expect(expectOk(await marco.client.from('listing_reports').select('id').eq('client_id', clientId))).toEqual([{ id: his }]);
  });

  it('favourites by their natural key: added twice is one row, removed twice is no error', async () => {
    const add = () => giulia.client.from('favourites').upsert([{ user_id: giulia.id, listing_id: listing.id }], { onConflict: 'user_id,listing_id', ignoreDuplicates: true });
    const remove = () => giulia.client.from('favourites').delete().eq('user_id', giulia.id).in('listing_id', [listing.id]);
    expectOk(await add());
    expectOk(await add());
    expect(await count('favourites', { user_id: giulia.id, listing_id: listing.id })).toBe(1);
    expectOk(await remove());
    expectOk(await remove());
    expect(await count('favourites', { user_id: giulia.id, listing_id: listing.id })).toBe(0);
  });

  it('a saved search created with its client-made id twice is one row; at the cap too; another user with that id gets his own', async () => {
    const user = await makeUser();
    const saveAs = (u: TestUser, searchId: string, name: string) =>
      u.client.from('saved_searches').upsert({ id: searchId, user_id: u.id, name, alert: 'instant', filters: { p_city: 'Milano' } }, { onConflict: 'id', ignoreDuplicates: true });
    const searchId = id();
    expectOk(await saveAs(user, searchId, 'Milano'));
    expectOk(await saveAs(user, searchId, 'Milano'));
    expect(await count('saved_searches', { user_id: user.id })).toBe(1);
    // Renamed and its alert changed twice: the same row, the same success.
    for (let i = 0; i < 2; i += 1) {
      expect(expectOk(await user.client.from('saved_searches').update({ name: 'Milano centro' }).eq('id', searchId).select('id').single())).toEqual({ id: searchId });
      expectOk(await user.client.from('saved_searches').update({ alert: 'daily' }).eq('id', searchId).select('id').single());
    }
    // Filled to the cap (20), the last one's copy still succeeds.
    const rest = Array.from({ length: 19 }, (_, i) => ({ id: id(), user_id: user.id, name: `Ricerca ${i}`, filters: {} }));
    expectOk(await user.client.from('saved_searches').insert(rest));
    expectOk(await saveAs(user, rest[18]!.id, 'Ricerca 18'));
    expectError(await saveAs(user, id(), 'Una di troppo'), /numero massimo di ricerche salvate/);
    // Marco with her id: his own row under another id; hers untouched.
    expectOk(await saveAs(marco, searchId, 'Di Marco'));
    expect(expectOk(await admin().from('saved_searches').select('user_id, name, alert').eq('id', searchId))).toEqual([{ user_id: user.id, name: 'Milano centro', alert: 'daily' }]);
    expect(expectOk(await admin().from('saved_searches').select('name').eq('user_id', marco.id))).toEqual([{ name: 'Di Marco' }]);
    // Deleted twice: no error, gone.
    expectOk(await user.client.from('saved_searches').delete().eq('id', searchId));
    expectOk(await user.client.from('saved_searches').delete().eq('id', searchId));
    expect(await count('saved_searches', { id: searchId })).toBe(0);
  });

  it("'Segna tutte come lette' sent again later marks nothing newer than what the user saw", async () => {
    const user = await makeUser();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const note = (minutesAgo: number) => ({ user_id: user.id, type: 'ticket_reply', message: 'Nuova risposta.', created_at: at(minutesAgo) });
    const seen = expectOk(await admin().from('admin_notifications').insert([note(30), note(20)]).select('id, created_at')) as { created_at: string }[];
    const upTo = seen.map((n) => n.created_at).sort().at(-1)!;
    const markAll = () => user.client.rpc('mark_notifications_read', { p_up_to: upTo });
    expect(expectOk(await markAll())).toBe(2);
    // A notification that arrives after she tapped, then the copy of her tap.
    expectOk(await admin().from('admin_notifications').insert(note(0)));
    expect(expectOk(await markAll())).toBe(0);
    const rows = expectOk(await admin().from('admin_notifications').select('is_read, created_at').eq('user_id', user.id).order('created_at')) as { is_read: boolean }[];
    expect(rows.map((r) => r.is_read)).toEqual([true, true, false]);
    // Marco's tap marks only his own.
    expect(expectOk(await marco.client.rpc('mark_notifications_read', { p_up_to: new Date().toISOString() }))).toBe(0);
    expect(await count('admin_notifications', { user_id: user.id, is_read: false })).toBe(1);
  });

  it('a statistics batch sent twice counts once; another device with the same batch id counts', async () => {
    const own = await makeListing(await makeUser());
    const events = [{ type: 'impression', listing: own.id }, { type: 'impression', listing: own.id }];
    const send = (device: string, batch: string) => visitor().rpc('record_listing_events', { p_device: device, p_events: events, p_batch: batch });
    const device = id();
    const batch = id();
    expect(expectOk(await send(device, batch))).toBe(2);
    expect(expectOk(await send(device, batch))).toBe(0);
    expect(expectOk(await send(id(), batch))).toBe(2);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    expect(expectOk(await admin().from('listing_stats_daily').select('impressions').eq('listing_id', own.id).eq('day', day))).toEqual([{ impressions: 4 }]);
    // Without a batch id, as before: each call counts.
    expect(expectOk(await visitor().rpc('record_listing_events', { p_device: device, p_events: events }))).toBe(2);
  });
});

/** Asserts an answer says nothing of another user's row: none of its ids or texts appear in it. */
function expectNothingOf(answer: unknown, ...secrets: string[]) {
  const text = JSON.stringify(answer) ?? '';
  for (const secret of secrets) expect(text).not.toContain(secret);
}

describe("a client id someone else chose: never another user's row", () => {
  let giulia: TestUser;
  let marco: TestUser;
  let listing: Record<string, any>;
  let other: Record<string, any>;

  beforeAll(async () => {
    [giulia, marco] = await Promise.all([makeUser(), makeUser()]);
    const owner = await makeUser();
    [listing, other] = [await makeListing(owner), await makeListing(owner)];
  });

  it("Marco sending Giulia's ids (ticket, reply, report, saved search) gets his own rows and nothing of hers", async () => {
    const [ticketId, replyId, reportId, searchId] = [id(), id(), id(), id()];
    const hers = expectOk<any>(await giulia.client.rpc('create_ticket', { p_sender_email: null, p_message: `${MESSAGE} Giulia`, p_subject: 'Segreto di Giulia', p_client_id: ticketId }));
    const herReply = expectOk<any>(await giulia.client.rpc('reply_ticket', { p_ticket_id: hers.id, p_body: 'Risposta di Giulia', p_client_id: replyId }));
    const herReport = expectOk(await giulia.client.rpc('report_listing', { p_listing_id: listing.id, p_reason: 'spam', p_client_id: reportId })) as string;
    expectOk(await giulia.client.from('saved_searches').insert({ id: searchId, user_id: giulia.id, name: 'Ricerca di Giulia', filters: { p_city: 'Roma' } }));
    const secrets = [hers.id, herReply.id, herReport, searchId, 'Giulia', giulia.id];

    const his = expectOk<any>(await marco.client.rpc('create_ticket', { p_sender_email: null, p_message: `${MESSAGE} Marco`, p_subject: 'Di Marco', p_client_id: ticketId }));
    expect(his).toMatchObject({ user_id: marco.id, subject: 'Di Marco', client_id: ticketId });
    const hisReply = expectOk<any>(await marco.client.rpc('reply_ticket', { p_ticket_id: his.id, p_body: 'Risposta di Marco', p_client_id: replyId }));
    expect(hisReply).toMatchObject({ ticket_id: his.id, author_id: marco.id, body: 'Risposta di Marco' });
    const hisReport = expectOk(await marco.client.rpc('report_listing', { p_listing_id: listing.id, p_reason: 'truffa', p_client_id: reportId })) as string;
    const hisSearch = expectOk(
      await marco.client.from('saved_searches').upsert({ id: searchId, user_id: marco.id, name: 'Di Marco', filters: { p_city: 'Napoli' } }, { onConflict: 'id', ignoreDuplicates: true }).select(),
    ) as { id: string }[];
    expect(hisSearch).toMatchObject([{ user_id: marco.id, name: 'Di Marco', filters: { p_city: 'Napoli' } }]);
    expectNothingOf([his, hisReply, hisReport, hisSearch], ...secrets);

    // Each of his is his own row, and hers are as she left them.
    expect(expectOk(await admin().from('tickets').select('user_id, subject').eq('client_id', ticketId).order('subject'))).toEqual([
      { user_id: marco.id, subject: 'Di Marco' },
      { user_id: giulia.id, subject: 'Segreto di Giulia' },
    ]);
    expect(await count('ticket_messages', { ticket_id: his.id })).toBe(2);
    expect(await count('ticket_messages', { ticket_id: hers.id })).toBe(2);
    expect(expectOk(await admin().from('listing_reports').select('reporter_id, reason').eq('client_id', reportId).order('reason'))).toEqual([
      { reporter_id: giulia.id, reason: 'spam' },
      { reporter_id: marco.id, reason: 'truffa' },
    ]);
    expect(expectOk(await admin().from('saved_searches').select('user_id, name').in('user_id', [giulia.id, marco.id]).order('name'))).toEqual([
      { user_id: marco.id, name: 'Di Marco' },
      { user_id: giulia.id, name: 'Ricerca di Giulia' },
    ]);
  });

  it("her rows by their ids are out of his reach: reply, saved search rename and delete, favourites, notifications", async () => {
    const ticket = expectOk<any>(await giulia.client.rpc('create_ticket', { p_sender_email: null, p_message: MESSAGE }));
    const reply = await marco.client.rpc('reply_ticket', { p_ticket_id: ticket.id, p_body: 'Intrusione', p_client_id: id() });
    expectError(reply, 'Ticket non trovato.', 'P0001');
    expectNothingOf(reply, MESSAGE);

    const searchId = id();
    expectOk(await giulia.client.from('saved_searches').insert({ id: searchId, user_id: giulia.id, name: 'Solo mia', filters: {} }));
    expect(expectOk(await marco.client.from('saved_searches').update({ name: 'Rubata', alert: 'never' }).eq('id', searchId).select())).toEqual([]);
    expect(expectOk(await marco.client.from('saved_searches').delete().eq('id', searchId).select())).toEqual([]);
    // An upsert that would merge into her row by its id is refused (no update of id or user_id is granted).
    expectError(await marco.client.from('saved_searches').upsert({ id: searchId, user_id: marco.id, name: 'Rubata', filters: {} }, { onConflict: 'id' }), /permission denied/);
    expectError(await marco.client.from('saved_searches').insert({ id: id(), user_id: giulia.id, name: 'A nome suo', filters: {} }), /row-level security/);

    expectOk(await giulia.client.from('favourites').insert({ user_id: giulia.id, listing_id: listing.id }));
    expectError(
      await marco.client.from('favourites').upsert([{ user_id: giulia.id, listing_id: other.id }], { onConflict: 'user_id,listing_id', ignoreDuplicates: true }),
      /row-level security/,
    );
    expectOk(await marco.client.from('favourites').delete().eq('user_id', giulia.id).in('listing_id', [listing.id]));
    // His own favourite of that listing is his row beside hers.
    expectOk(await marco.client.from('favourites').upsert([{ user_id: marco.id, listing_id: listing.id }], { onConflict: 'user_id,listing_id', ignoreDuplicates: true }));
    expect(await count('favourites', { listing_id: listing.id })).toBe(2);

    const note = expectOk<any>(await admin().from('admin_notifications').insert({ user_id: giulia.id, type: 'ticket_reply', message: 'Per Giulia.' }).select('id').single());
    expect(expectOk(await marco.client.rpc('mark_notifications_read', { p_ids: [note.id], p_up_to: new Date().toISOString() }))).toBe(0);

    // Read back as service_role: nothing of hers changed.
    expect(await count('ticket_messages', { ticket_id: ticket.id })).toBe(1);
    expect(expectOk(await admin().from('saved_searches').select('user_id, name, alert').eq('id', searchId))).toEqual([{ user_id: giulia.id, name: 'Solo mia', alert: 'instant' }]);
    expect(expectOk(await admin().from('favourites').select('listing_id').eq('user_id', giulia.id))).toEqual([{ listing_id: listing.id }]);
    expect(await count('admin_notifications', { id: note.id, is_read: false })).toBe(1);
  });

  it('one id for another write of the same user: refused for replies and tickets, never answered with the other row', async () => {
    const ticket = expectOk<any>(await giulia.client.rpc('create_ticket', { p_sender_email: null, p_message: MESSAGE }));
    const replyId = id();
    expectOk(await giulia.client.rpc('reply_ticket', { p_ticket_id: ticket.id, p_body: 'Prima risposta', p_client_id: replyId }));
    const changed = await giulia.client.rpc('reply_ticket', { p_ticket_id: ticket.id, p_body: 'Un altro testo', p_client_id: replyId });
    expectError(changed, 'Questo messaggio è già stato inviato con un altro testo.', 'P0001');
    expect(changed.error!.details).toBe('client_id_reused');
    expect(expectOk(await admin().from('ticket_messages').select('body').eq('ticket_id', ticket.id).order('created_at'))).toEqual([{ body: MESSAGE }, { body: 'Prima risposta' }]);

    const ticketId = id();
    const first = { p_sender_email: null, p_message: MESSAGE, p_subject: 'Foto', p_listing_id: listing.id, p_client_id: ticketId };
    const opened = expectOk<any>(await giulia.client.rpc('create_ticket', first));
    for (const change of [{ p_listing_id: other.id }, { p_listing_id: null }, { p_message: `${MESSAGE} Altro.` }, { p_subject: 'Altro' }]) {
      const refused = await giulia.client.rpc('create_ticket', { ...first, ...change });
      expectError(refused, 'Questa richiesta è già stata inviata con un altro contenuto.', 'P0001');
      expectNothingOf(refused, opened.id);
    }
    // Its listing back in review since (out of her sight): the copy is still the ticket she opened.
    expectOk(await admin().from('listings').update({ review_status: 'pending' }).eq('id', listing.id));
    const copy = await giulia.client.rpc('create_ticket', first);
    expectOk(await admin().from('listings').update({ review_status: 'approved' }).eq('id', listing.id));
    expect(expectOk<any>(copy).id).toBe(opened.id);
    expect(await count('tickets', { user_id: giulia.id, client_id: ticketId })).toBe(1);
    expect(await count('ticket_messages', { ticket_id: opened.id })).toBe(1);

    // A report's id belongs to its listing: on another listing it is another report, of that listing.
    const [reporter, reportId] = [await makeUser(), id()];
    const onOne = expectOk(await reporter.client.rpc('report_listing', { p_listing_id: listing.id, p_reason: 'spam', p_client_id: reportId })) as string;
    const onOther = expectOk(await reporter.client.rpc('report_listing', { p_listing_id: other.id, p_reason: 'spam', p_client_id: reportId })) as string;
    expect(onOther).not.toBe(onOne);
    expect(expectOk(await admin().from('listing_reports').select('listing_id').eq('id', onOther))).toEqual([{ listing_id: other.id }]);
  });

  it("a visitor with another visitor's report id files his own report and learns nothing of hers", async () => {
    const [reportId, herDevice] = [id(), id()];
    const report = (c: SupabaseClient, device: string | null, fields: Record<string, unknown> = {}) =>
      c.rpc('report_listing', { p_listing_id: other.id, p_reason: 'spam', p_device: device, p_client_id: reportId, ...fields });
    const hers = expectOk(await report(visitor(), herDevice, { p_reason: 'minorenne', p_details: 'Sembra minorenne.', p_email: 'testimone@example.test' })) as string;
    expect(expectOk(await report(visitor(), herDevice))).toBe(hers);
    // Same id, same listing, from another device or none: his own report, not hers nor her answer.
    const his = expectOk(await report(visitor(), id(), { p_details: 'Altro' })) as string;
    const bare = expectOk(await report(visitor(), null)) as string;
    expect(new Set([hers, his, bare]).size).toBe(3);
    expect(expectOk(await admin().from('listing_reports').select('reason, details, reporter_email').eq('id', hers))).toEqual([
      { reason: 'minorenne', details: 'Sembra minorenne.', reporter_email: 'testimone@example.test' },
    ]);
    expect(expectOk(await admin().from('listing_reports').select('id').eq('listing_id', other.id).is('reporter_id', null))).toHaveLength(3);
  });

  it('a client id that is not a uuid is a 400 with a clear error, never a 500; the server keeps serving', async () => {
    const ticket = expectOk<any>(await giulia.client.rpc('create_ticket', { p_sender_email: null, p_message: MESSAGE }));
    const huge = 'a'.repeat(100_000);
    for (const bad of ['non-un-uuid', huge, 42]) {
      const answers = [
        await giulia.client.rpc('reply_ticket', { p_ticket_id: ticket.id, p_body: 'Ciao', p_client_id: bad }),
        await giulia.client.rpc('create_ticket', { p_sender_email: null, p_message: MESSAGE, p_client_id: bad }),
        await visitor().rpc('report_listing', { p_listing_id: listing.id, p_reason: 'spam', p_device: id(), p_client_id: bad }),
        await visitor().rpc('record_listing_events', { p_device: id(), p_events: [{ type: 'impression', listing: listing.id }], p_batch: bad }),
        await giulia.client.from('saved_searches').upsert({ id: bad, user_id: giulia.id, name: 'X', filters: {} }, { onConflict: 'id', ignoreDuplicates: true }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(answer.error!.code).toBe('22P02');
      }
      const fn = await giulia.client.functions.invoke('create-ticket', { body: { listingId: null, messageContent: MESSAGE, clientId: bad } });
      expect((fn.error as { context: Response }).context.status).toBe(400);
      expect(await (fn.error as { context: Response }).context.json()).toEqual({ error: 'Richiesta non valida.' });
    }
    expect(await count('ticket_messages', { ticket_id: ticket.id })).toBe(1);
    // A null id is no id: each call applies, as before the outbox.
    expectOk(await giulia.client.rpc('reply_ticket', { p_ticket_id: ticket.id, p_body: 'Senza id', p_client_id: null }));
    expectOk(await giulia.client.rpc('reply_ticket', { p_ticket_id: ticket.id, p_body: 'Senza id', p_client_id: null }));
    expect(await count('ticket_messages', { ticket_id: ticket.id })).toBe(3);
  });
});

/** PGlite serialises every query; only PostgreSQL can race the copies against each other. */
describe.runIf(platformInfo().dbKind === 'postgres')('offline copies arriving together (PostgreSQL)', () => {
  const copies = <T>(send: () => PromiseLike<T>) => Promise.all(Array.from({ length: 10 }, send));

  it('ten copies of a new ticket, a report and a statistics batch at once: each applied once, each answered alike', async () => {
    const u = await makeUser();
    const listing = await makeListing(await makeUser());
    const ticketId = id();
    const tickets = await copies(() => u.client.rpc('create_ticket', { p_sender_email: null, p_message: MESSAGE, p_client_id: ticketId }));
    expect(new Set(tickets.map((r) => expectOk<any>(r).id)).size).toBe(1);
    expect(await count('tickets', { user_id: u.id })).toBe(1);
    expect(await staffNotes('new_ticket', expectOk<any>(tickets[0]!).id)).toBe(1);

    const [reportId, reporter] = [id(), id()];
    const reports = await copies(() => visitor().rpc('report_listing', { p_listing_id: listing.id, p_reason: 'truffa', p_device: reporter, p_client_id: reportId }));
    expect(new Set(reports.map((r) => expectOk(r) as string)).size).toBe(1);
    expect(await count('listing_reports', { listing_id: listing.id })).toBe(1);

    const device = id();
    const batch = id();
    const counted = await copies(() => visitor().rpc('record_listing_events', { p_device: device, p_events: [{ type: 'impression', listing: listing.id }], p_batch: batch }));
    expect(counted.map((r) => expectOk(r) as number).reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('ten copies of a reply, a saved search, a favourite and a mark-all-read at once: once each, no error', async () => {
    const [u, listing] = await Promise.all([makeUser(), makeUser().then(makeListing)]);
    const ticket = expectOk<any>(await u.client.rpc('create_ticket', { p_sender_email: null, p_message: MESSAGE }));
    const reply = { p_ticket_id: ticket.id, p_body: 'Sul treno', p_client_id: id() };
    const replies = await copies(() => u.client.rpc('reply_ticket', reply));
    expect(new Set(replies.map((r) => expectOk<any>(r).id)).size).toBe(1);
    expect(await count('ticket_messages', { ticket_id: ticket.id })).toBe(2);
    expect(await staffNotes('ticket_reply', ticket.id)).toBe(1);

    const searchId = id();
    for (const r of await copies(() => u.client.from('saved_searches').upsert({ id: searchId, user_id: u.id, name: 'Treno', filters: {} }, { onConflict: 'id', ignoreDuplicates: true }))) expectOk(r);
    expect(await count('saved_searches', { user_id: u.id })).toBe(1);
    for (const r of await copies(() => u.client.from('favourites').upsert([{ user_id: u.id, listing_id: listing.id }], { onConflict: 'user_id,listing_id', ignoreDuplicates: true }))) expectOk(r);
    expect(await count('favourites', { user_id: u.id })).toBe(1);
    for (const r of await copies(() => u.client.rpc('mark_notifications_read', { p_up_to: new Date().toISOString() }))) expectOk(r);
  });

  it("one reply id sent to ten tickets at once: one applied, the others refused as reused, no 409 or 500", async () => {
    const u = await makeUser();
    const tickets = await Promise.all(Array.from({ length: 10 }, () => u.client.rpc('create_ticket', { p_sender_email: null, p_message: MESSAGE })));
    const clientId = id();
    const answers = await Promise.all(tickets.map((t) => u.client.rpc('reply_ticket', { p_ticket_id: expectOk<any>(t).id, p_body: 'Dove va?', p_client_id: clientId })));
    expect(answers.filter((a) => a.error === null)).toHaveLength(1);
    for (const a of answers.filter((x) => x.error)) expect([a.status, a.error!.details]).toEqual([400, 'client_id_reused']);
    expect(await count('ticket_messages', { author_id: u.id, client_id: clientId })).toBe(1);
  });

  it("five users saving one id at once: each gets a saved search of his own, none is skipped as a copy", async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => makeUser()));
    const searchId = id();
    const answers = await Promise.all(
      users.map((u) => u.client.from('saved_searches').upsert({ id: searchId, user_id: u.id, name: 'Stessa', filters: {} }, { onConflict: 'id', ignoreDuplicates: true })),
    );
    for (const a of answers) expectOk(a);
    const rows = expectOk(await admin().from('saved_searches').select('user_id').in('user_id', users.map((u) => u.id))) as unknown[];
    expect(rows).toHaveLength(5);
  });
});
