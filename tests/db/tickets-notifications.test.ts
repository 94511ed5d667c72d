/** Tickets (create/reply/status), notification triggers, mark read. */
import { describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { admin, expectError, expectOk } from '../support/db.ts';
import { makeListing, makeUser } from '../support/factories.ts';

const MESSAGE = 'Buongiorno, vorrei informazioni sul mio annuncio.';

async function staffNotifications(type: string, entity: string) {
  const { data } = await admin().from('admin_notifications').select('*').eq('type', type).eq('entity_id', entity);
  return data ?? [];
}

describe('create_ticket', () => {
  it('opens a ticket with its first message and tells the staff', async () => {
    const u = await makeUser();
    const l = await makeListing(u);
    const t = expectOk<any>(await u.client.rpc('create_ticket', { p_sender_email: ` ${u.email.toUpperCase()} `, p_message: MESSAGE, p_subject: 'Problema annuncio', p_listing_id: l.id }));
    expect(t).toMatchObject({ subject: 'Problema annuncio', status: 'open', user_id: u.id, reporter_email: u.email, listing_id: l.id, last_replied_by: 'user' });
    const { data: msgs } = await u.client.from('ticket_messages').select('author_role, body, author_id').eq('ticket_id', t.id);
    expect(msgs).toEqual([{ author_role: 'user', body: MESSAGE, author_id: u.id }]);
    const n = await staffNotifications('new_ticket', t.id);
    expect(n).toHaveLength(1);
    expect(n[0]!.user_id).toBeNull();
    // the user's listing join works as the app queries it
    const { data: mine } = await u.client.from('tickets').select('id, subject, listings(title)').eq('id', t.id);
    expect(mine).toEqual([{ id: t.id, subject: 'Problema annuncio', listings: { title: l.title } }]);
  });

  it('defaults the subject and validates like the form', async () => {
    const u = await makeUser();
    const t = expectOk<any>(await u.client.rpc('create_ticket', { p_sender_email: u.email, p_message: MESSAGE }));
    expect(t.subject).toBe('Nuova richiesta di supporto generale');
    expectError(await u.client.rpc('create_ticket', { p_sender_email: u.email, p_message: 'troppo corto' }), 'Il messaggio deve contenere almeno 20 caratteri.', 'P0001');
    expectError(await u.client.rpc('create_ticket', { p_sender_email: u.email, p_message: MESSAGE, p_listing_id: crypto.randomUUID() }), 'Annuncio non trovato.', 'P0001');
    const { count } = await admin().from('tickets').select('id', { count: 'exact', head: true }).eq('user_id', u.id);
    expect(count).toBe(1);
  });

  it("files a signed-in user's ticket under their own e-mail, whatever address they send", async () => {
    const [sender, victim, staff] = await Promise.all([makeUser(), makeUser(), makeUser({ role: 'supporto' })]);
    for (const address of [victim.email, ` ${victim.email.toUpperCase()} `, '', 'non-una-email']) {
      const t = expectOk<any>(await sender.client.rpc('create_ticket', { p_sender_email: address, p_message: MESSAGE }));
      expect(t).toMatchObject({ user_id: sender.id, reporter_email: sender.email });
      const { data: stored } = await admin().from('tickets').select('reporter_email').eq('id', t.id).single();
      expect(stored).toEqual({ reporter_email: sender.email });
      // Not in the victim's 'I Miei Ticket' (queried as the app does, as the victim) ...
      const { data: seen } = await victim.client
        .from('tickets')
        .select('id')
        .or(`user_id.eq.${victim.id},reporter_email.eq.${victim.email}`);
      expect(seen).toEqual([]);
      expect((await victim.client.from('ticket_messages').select('id').eq('ticket_id', t.id)).data).toEqual([]);
      // ... and the staff are told who really wrote.
      const { data: bell } = await staff.client.from('admin_notifications').select('message').eq('type', 'new_ticket').eq('entity_id', t.id);
      expect(bell).toEqual([{ message: `Nuovo ticket da ${sender.email}: Nuova richiesta di supporto generale` }]);
    }
  });

  it('is refused to anonymous and banned users', async () => {
    expect((await client().rpc('create_ticket', { p_sender_email: 'a@b.it', p_message: MESSAGE })).error).not.toBeNull();
    const b = await makeUser({ role: 'banned' });
    expectError(await b.client.rpc('create_ticket', { p_sender_email: b.email, p_message: MESSAGE }), /sospeso/, '42501');
    const { count } = await admin().from('tickets').select('id', { count: 'exact', head: true }).eq('user_id', b.id);
    expect(count).toBe(0);
  });
});

describe('reply_ticket and set_ticket_status', () => {
  it('a staff reply notifies the owner and moves the ticket in progress; resolving notifies too', async () => {
    const [u, sup, other] = await Promise.all([makeUser(), makeUser({ role: 'supporto' }), makeUser()]);
    const t = expectOk<any>(await u.client.rpc('create_ticket', { p_sender_email: u.email, p_message: MESSAGE }));
    expectError(await other.client.rpc('reply_ticket', { p_ticket_id: t.id, p_body: 'intruso' }), 'Ticket non trovato.');
    expectOk(await sup.client.rpc('reply_ticket', { p_ticket_id: t.id, p_body: 'Ciao, ti aiutiamo subito.' }));
    const { data: t1 } = await admin().from('tickets').select('status, last_replied_by').eq('id', t.id).single();
    expect(t1).toEqual({ status: 'in_progress', last_replied_by: 'supporto' });
    const { data: n1 } = await u.client.from('admin_notifications').select('type, entity_id, user_id').eq('entity_id', t.id);
    expect(n1).toEqual([{ type: 'ticket_reply', entity_id: t.id, user_id: u.id }]);

    expectOk(await u.client.rpc('reply_ticket', { p_ticket_id: t.id, p_body: 'Grazie!' }));
    expect((await staffNotifications('ticket_reply', t.id)).filter((x) => x.user_id === null)).toHaveLength(1);

    expectError(await u.client.rpc('set_ticket_status', { p_ticket_id: t.id, p_status: 'resolved' }), 'Puoi solo chiudere il ticket o riaprirlo se risolto.', '42501');
    expectError(await sup.client.rpc('set_ticket_status', { p_ticket_id: t.id, p_status: 'done' }), 'Stato del ticket non valido.');
    expectOk(await sup.client.rpc('set_ticket_status', { p_ticket_id: t.id, p_status: 'resolved' }));
    const resolved = (await staffNotifications('ticket_resolved', t.id));
    expect(resolved.map((r) => r.user_id)).toEqual([u.id]);
    expectOk(await u.client.rpc('set_ticket_status', { p_ticket_id: t.id, p_status: 'closed' }));
    expectError(await u.client.rpc('reply_ticket', { p_ticket_id: t.id, p_body: 'ancora' }), 'Il ticket è chiuso: non è possibile rispondere.');
    const { data: msgs } = await admin().from('ticket_messages').select('author_role').eq('ticket_id', t.id).order('created_at');
    expect(msgs!.map((m) => m.author_role)).toEqual(['user', 'supporto', 'user']);
  });
});

describe('notifications', () => {
  it('a report notifies the staff; one open report per reporter and listing', async () => {
    const [owner, reporter] = await Promise.all([makeUser(), makeUser()]);
    const l = await makeListing(owner);
    const { data: r, error } = await reporter.client.from('listing_reports').insert({ listing_id: l.id, reporter_id: reporter.id, reason: 'truffa' }).select().single();
    expect(error).toBeNull();
    const n = await staffNotifications('new_report', r!.id);
    expect(n).toHaveLength(1);
    expect(n[0]!.user_id).toBeNull();
    const dup = await reporter.client.from('listing_reports').insert({ listing_id: l.id, reporter_id: reporter.id, reason: 'spam' });
    expect(dup.error).not.toBeNull();
  });

  it('mark_notifications_read marks only what the caller may mark', async () => {
    const [u, other, sup] = await Promise.all([makeUser(), makeUser(), makeUser({ role: 'supporto' })]);
    const { data: rows } = await admin().from('admin_notifications').insert([
      { user_id: u.id, type: 'x', message: 'a' },
      { user_id: u.id, type: 'x', message: 'b' },
      { user_id: other.id, type: 'x', message: 'c' },
      { user_id: null, type: 'x', message: `staff-${Date.now()}` },
    ]).select();
    const [a, b, c, s] = rows!;
    expect(expectOk(await u.client.rpc('mark_notifications_read', { p_ids: [a!.id, c!.id, s!.id] }))).toBe(1);
    expect(expectOk(await u.client.rpc('mark_notifications_read', {}))).toBe(1);
    expect(expectOk(await sup.client.rpc('mark_notifications_read', { p_ids: [s!.id, c!.id] }))).toBe(1);
    const { data } = await admin().from('admin_notifications').select('id, is_read').in('id', [a!.id, b!.id, c!.id, s!.id]);
    const read = Object.fromEntries(data!.map((r) => [r.id, r.is_read]));
    expect(read).toEqual({ [a!.id]: true, [b!.id]: true, [c!.id]: false, [s!.id]: true });
  });
});
