/**
 * Statements of reasons and appeals: the ban reasons the banned user reads (each decision a
 * new statement), listing removals only with a reason, the one open appeal, and ticket
 * messages over realtime only to those who may read the ticket.
 */
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { admin, expectError, expectOk, listingRow } from '../support/db.ts';
import { makeListing, makeUser, type TestUser } from '../support/factories.ts';
import { QUIET_MS, sleep, subscribed, uniqueChannel, waitFor } from '../support/realtime.ts';

const APPEAL = 'Le foto del mio annuncio sono autentiche, chiedo di rivedere la sospensione.';

type Statement = { id: number; decision: string; reason: string | null; banned_at: string | null; created_at: string };

/** A user's statements of reasons, oldest first, read as service_role. */
async function statementsOf(userId: string): Promise<Statement[]> {
  return expectOk(await admin().from('account_bans').select('id, decision, reason, banned_at, created_at').eq('user_id', userId).order('id'))!;
}

describe('ban reasons', () => {
  it('a ban needs a reason, which the banned user (and staff) can read; unbanning is a statement too and notifies', async () => {
    const [sup, u, other] = await Promise.all([makeUser({ role: 'supporto' }), makeUser(), makeUser()]);
    expectError(await sup.client.rpc('admin_set_banned', { p_user_id: u.id, p_banned: true }), 'Indica il motivo del ban.');
    expectError(await sup.client.rpc('admin_set_banned', { p_user_id: u.id, p_banned: true, p_reason: '   ' }), 'Indica il motivo del ban.');
    const { data: still } = await admin().from('profiles').select('role').eq('id', u.id).single();
    expect(still!.role).toBe('user');

    expectOk(await sup.client.rpc('admin_set_banned', { p_user_id: u.id, p_banned: true, p_reason: ' Annunci con foto false ' }));
    const own = expectOk(await u.client.from('account_bans').select('user_id, decision, reason, banned_at'))!;
    expect(own).toEqual([{ user_id: u.id, decision: 'ban', reason: 'Annunci con foto false', banned_at: expect.any(String) }]);
    expect(Math.abs(Date.parse(own[0]!.banned_at) - Date.now())).toBeLessThan(60_000);
    expect(expectOk(await sup.client.from('account_bans').select('reason').eq('user_id', u.id))).toEqual([{ reason: 'Annunci con foto false' }]);
    expect(expectOk(await other.client.from('account_bans').select('reason').eq('user_id', u.id))).toEqual([]);
    // Nobody writes the table through the API, the banned user least of all.
    expect((await u.client.from('account_bans').update({ reason: 'x' }).eq('user_id', u.id).select()).data ?? []).toEqual([]);
    expect((await u.client.from('account_bans').delete().eq('user_id', u.id).select()).data ?? []).toEqual([]);

    expectOk(await sup.client.rpc('admin_set_banned', { p_user_id: u.id, p_banned: false, p_reason: 'ricorso accolto' }));
    expect((await statementsOf(u.id)).map((s) => [s.decision, s.reason])).toEqual([['ban', 'Annunci con foto false'], ['unban', 'ricorso accolto']]);
    const n = expectOk(await u.client.from('admin_notifications').select('type, message').eq('user_id', u.id));
    expect(n).toEqual([{ type: 'account_unbanned', message: expect.stringMatching(/^Il tuo account è stato riattivato: ricorso accolto\./) }]);
  });

  it('a new reason never overwrites the one the user read: it is a new statement with its own date, notified and in the Registro', async () => {
    const [sup, boss, u] = await Promise.all([makeUser({ role: 'supporto' }), makeUser({ role: 'admin' }), makeUser()]);
    expectOk(await sup.client.rpc('admin_set_banned', { p_user_id: u.id, p_banned: true, p_reason: 'Annunci con foto false' }));
    const [first] = await statementsOf(u.id);
    await new Promise((r) => setTimeout(r, 20));
    expectOk(await boss.client.rpc('admin_set_banned', { p_user_id: u.id, p_banned: true, p_reason: 'Annunci ingannevoli' }));

    const history = await statementsOf(u.id);
    expect(history).toEqual([
      first,
      { id: expect.any(Number), decision: 'ban', reason: 'Annunci ingannevoli', banned_at: first!.banned_at, created_at: expect.any(String) },
    ]);
    expect(Date.parse(history[1]!.created_at)).toBeGreaterThan(Date.parse(first!.created_at));
    // The user's current statement is the latest; the earlier one stays for staff and for him.
    const current = expectOk(await u.client.from('account_bans').select('reason').order('id', { ascending: false }).limit(1).single());
    expect(current).toEqual({ reason: 'Annunci ingannevoli' });
    expect(expectOk(await u.client.from('admin_notifications').select('type, message').eq('user_id', u.id))).toEqual([
      { type: 'ban_reason_changed', message: 'La motivazione della sospensione del tuo account è cambiata: Annunci ingannevoli.' },
    ]);
    const audit = expectOk(await admin().from('audit_log').select('action, actor_id, reason, before, after').eq('entity_id', u.id).order('id'));
    expect(audit).toEqual([
      { action: 'user_banned', actor_id: sup.id, reason: 'Annunci con foto false', before: { role: 'user' }, after: { role: 'banned' } },
      { action: 'ban_reason_changed', actor_id: boss.id, reason: 'Annunci ingannevoli', before: { reason: 'Annunci con foto false' }, after: { reason: 'Annunci ingannevoli' } },
    ]);
    // Not even the service role rewrites a statement.
    expectError(await admin().from('account_bans').update({ reason: 'riscritta' }).eq('id', first!.id), 'Una motivazione non può essere modificata: registra una nuova decisione.');
  });

  it('no ban or unban escapes its statement: the role dialog cannot ban or unban', async () => {
    const [boss, u] = await Promise.all([makeUser({ role: 'admin' }), makeUser()]);
    const listing = await makeListing(u);
    const refused = 'Per bannare o sbloccare un utente usa Banna o Sblocca, con la motivazione.';
    // admin_set_role refuses by itself (its detail); the profiles trigger behind it is tested alone in table-guards.test.ts.
    const ban = await boss.client.rpc('admin_set_role', { p_user_id: u.id, p_role: 'banned' });
    expectError(ban, refused, 'P0001');
    expect(ban.error!.details).toBe('role_dialog_cannot_ban');
    expect(await listingRow(listing.id)).toMatchObject({ is_paused: false, paused_at: null });
    expect((await admin().from('profiles').select('role').eq('id', u.id).single()).data).toEqual({ role: 'user' });
    expectOk(await boss.client.rpc('admin_set_banned', { p_user_id: u.id, p_banned: true, p_reason: 'Spam' }));
    const unban = await boss.client.rpc('admin_set_role', { p_user_id: u.id, p_role: 'user' });
    expectError(unban, refused, 'P0001');
    expect(unban.error!.details).toBe('role_dialog_cannot_ban');
    expect((await admin().from('profiles').select('role').eq('id', u.id).single()).data).toEqual({ role: 'banned' });
    expect((await statementsOf(u.id)).map((s) => s.decision)).toEqual(['ban']);
  });

  it('the two-argument body cannot be reached around the reason', async () => {
    const [sup, u] = await Promise.all([makeUser({ role: 'supporto' }), makeUser()]);
    const r = await sup.client.schema('private' as 'public').rpc('admin_set_banned', { p_user_id: u.id, p_banned: true });
    expect(r.error).not.toBeNull();
    const { data } = await admin().from('profiles').select('role').eq('id', u.id).single();
    expect(data!.role).toBe('user');
  });
});

describe('listing removal by staff', () => {
  it('goes only through admin_delete_listing (reason, owner told, recorded), never a bare REST delete; staff delete their own listings as owners', async () => {
    const [sup, boss, owner] = await Promise.all([makeUser({ role: 'supporto' }), makeUser({ role: 'admin' }), makeUser()]);
    const listing = await makeListing(owner);
    for (const staff of [sup, boss]) {
      const r = await staff.client.from('listings').delete().eq('id', listing.id).select('id');
      expect(r.data ?? []).toEqual([]);
    }
    expect(expectOk(await admin().from('listings').select('id').eq('id', listing.id))).toEqual([{ id: listing.id }]);
    expect(expectOk(await admin().from('audit_log').select('id').eq('entity_id', listing.id))).toEqual([]);
    expect(expectOk(await admin().from('admin_notifications').select('id').eq('user_id', owner.id))).toEqual([]);

    expectOk(await sup.client.rpc('admin_delete_listing', { p_listing_id: listing.id, p_reason: 'Foto non conformi' }));
    expect(expectOk(await admin().from('audit_log').select('action, reason').eq('entity_id', listing.id))).toEqual([{ action: 'listing_removed', reason: 'Foto non conformi' }]);
    expect(expectOk(await admin().from('admin_notifications').select('type').eq('user_id', owner.id))).toEqual([{ type: 'listing_removed' }]);

    const own = await makeListing(sup);
    expect(expectOk(await sup.client.from('listings').delete().eq('id', own.id).select('id'))).toEqual([{ id: own.id }]);
    const mine = await makeListing(owner);
    expect(expectOk(await owner.client.from('listings').delete().eq('id', mine.id).select('id'))).toEqual([{ id: mine.id }]);
  });
});

describe('appeals', () => {
  async function bannedUser(): Promise<TestUser> {
    const [sup, u] = await Promise.all([makeUser({ role: 'supporto' }), makeUser()]);
    expectOk(await sup.client.rpc('admin_set_banned', { p_user_id: u.id, p_banned: true, p_reason: 'Spam' }));
    return u;
  }

  it('a banned user files exactly one open appeal; a second is refused until staff decide the first', async () => {
    const u = await bannedUser();
    expectError(await u.client.rpc('file_appeal', { p_message: 'troppo corto' }), 'Il messaggio deve contenere almeno 20 caratteri.');
    const t = expectOk(await u.client.rpc('file_appeal', { p_message: APPEAL }));
    expect(t).toMatchObject({ kind: 'appeal', status: 'open', user_id: u.id, reporter_email: u.email.toLowerCase() });
    expectError(await u.client.rpc('file_appeal', { p_message: APPEAL }), 'Hai già un ricorso aperto: lo staff ti risponderà in I Miei Ticket.');
    // The appeal and its message are readable by the banned user; staff got the new_ticket notification.
    expect(expectOk(await u.client.from('tickets').select('id, kind').eq('id', t.id))).toEqual([{ id: t.id, kind: 'appeal' }]);
    expect(expectOk(await u.client.from('ticket_messages').select('body').eq('ticket_id', t.id))).toEqual([{ body: APPEAL }]);
    expect(expectOk(await admin().from('admin_notifications').select('type').eq('entity_id', t.id).is('user_id', null))).toEqual([{ type: 'new_ticket' }]);

    // Still refused while staff work on it; allowed again once it is decided.
    const sup = await makeUser({ role: 'supporto' });
    expectOk(await sup.client.rpc('reply_ticket', { p_ticket_id: t.id, p_body: 'Stiamo verificando.' }));
    expectError(await u.client.rpc('file_appeal', { p_message: APPEAL }), 'Hai già un ricorso aperto: lo staff ti risponderà in I Miei Ticket.');
    expectOk(await sup.client.rpc('set_ticket_status', { p_ticket_id: t.id, p_status: 'resolved' }));
    expect(expectOk(await u.client.rpc('file_appeal', { p_message: APPEAL }))).toMatchObject({ kind: 'appeal' });
  });

  it('only banned users appeal; a banned user still cannot open an ordinary ticket or reply', async () => {
    const ok = await makeUser();
    expectError(await ok.client.rpc('file_appeal', { p_message: APPEAL }), 'Solo un account sospeso può presentare un ricorso.', '42501');
    const u = await bannedUser();
    expectError(await u.client.rpc('create_ticket', { p_sender_email: u.email, p_message: APPEAL }), 'Il tuo account è sospeso: non puoi eseguire questa operazione.', '42501');
    const t = expectOk(await u.client.rpc('file_appeal', { p_message: APPEAL }));
    expectError(await u.client.rpc('reply_ticket', { p_ticket_id: t.id, p_body: 'ancora io' }), 'Il tuo account è sospeso: non puoi eseguire questa operazione.', '42501');
  });

  it('the database itself keeps one open appeal per user', async () => {
    const u = await bannedUser();
    expectOk(await u.client.rpc('file_appeal', { p_message: APPEAL }));
    const r = await admin().from('tickets').insert({ subject: 'x', kind: 'appeal', user_id: u.id, reporter_email: u.email.toLowerCase() });
    expect(r.error?.code).toBe('23505');
  });
});

type Payload = RealtimePostgresChangesPayload<Record<string, any>>;
const listeners: TestUser[] = [];
afterAll(async () => {
  for (const u of listeners) await u.client.removeAllChannels();
});

describe('realtime: ticket messages', () => {
  it('reach the ticket owner and staff, never another user', async () => {
    const [owner, other, sup] = await Promise.all([makeUser(), makeUser(), makeUser({ role: 'supporto' })]);
    const t = expectOk(await owner.client.rpc('create_ticket', { p_sender_email: owner.email, p_message: 'Non riesco a caricare le foto del mio annuncio.' }));
    const seen = new Map<string, string[]>();
    for (const [name, u] of [['owner', owner], ['other', other], ['staff', sup]] as const) {
      listeners.push(u);
      const bodies: string[] = [];
      seen.set(name, bodies);
      await subscribed(
        uniqueChannel(u.client, 'thread').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'ticket_messages' }, (p: Payload) =>
          bodies.push((p.new as { body: string }).body),
        ),
      );
    }
    expectOk(await sup.client.rpc('reply_ticket', { p_ticket_id: t.id, p_body: 'Ciao, ora dovrebbe funzionare.' }));
    await waitFor(() => seen.get('owner')!.length > 0, 3000, "the owner's message");
    await waitFor(() => seen.get('staff')!.length > 0, 3000, "the staff's message");
    await sleep(QUIET_MS);
    expect(seen.get('owner')).toEqual(['Ciao, ora dovrebbe funzionare.']);
    expect(seen.get('staff')).toEqual(['Ciao, ora dovrebbe funzionare.']);
    expect(seen.get('other')).toEqual([]);
  });
});
