/**
 * The RLS matrix: anonymous, user (owner), other user, supporto, admin, banned x every
 * table x select / insert / update / delete. Every write is verified by reading back as
 * service_role: an RLS-blocked update or delete answers with zero rows, not an error.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { client } from '../support/clients.ts';
import { admin, photoUrl } from '../support/db.ts';
import { makeListing, makeUser, type TestUser } from '../support/factories.ts';

type Actor = 'anon' | 'owner' | 'other' | 'supporto' | 'admin' | 'banned';
const ACTORS: Actor[] = ['anon', 'owner', 'other', 'supporto', 'admin', 'banned'];

let users: Record<Exclude<Actor, 'anon'>, TestUser>;
let clients: Record<Actor, SupabaseClient>;
const f: Record<string, string> = {};

async function svcInsert(table: string, row: Record<string, unknown>): Promise<Record<string, any>> {
  const { data, error } = await admin().from(table).insert(row).select().single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return data;
}

async function svcGet(table: string, match: Record<string, unknown>): Promise<Record<string, any>[]> {
  const { data, error } = await admin().from(table).select('*').match(match);
  if (error) throw error;
  return data ?? [];
}

/**
 * What a client selects of a table: every column, but of listings the ones clients may read
 * (column grants; `*` is refused to every client role, owners included: visitor-reads.test.ts).
 */
const readable = (table: string) => (table === 'listings' ? 'id' : '*');

/** Whether the actor can read the row (an error counts as not visible). */
async function sees(actor: Actor, table: string, match: Record<string, unknown>): Promise<boolean> {
  const { data, error } = await clients[actor].from(table).select(readable(table)).match(match);
  return !error && (data ?? []).length > 0;
}

beforeAll(async () => {
  const [owner, other, supporto, adminUser, banned] = await Promise.all([
    makeUser({ prefix: 'owner' }),
    makeUser({ prefix: 'other' }),
    makeUser({ role: 'supporto' }),
    makeUser({ role: 'admin' }),
    makeUser({ prefix: 'tobebanned' }),
  ]);
  users = { owner, other, supporto, admin: adminUser, banned };
  clients = { anon: client(), owner: owner.client, other: other.client, supporto: supporto.client, admin: adminUser.client, banned: banned.client };

  const pub = await makeListing(owner);
  const paused = await makeListing(owner, { p_title: 'Annuncio in pausa' });
  const expired = await makeListing(owner, { p_title: 'Annuncio scaduto' });
  const bannedListing = await makeListing(banned);
  f.public = pub.id;
  f.paused = paused.id;
  f.expired = expired.id;
  f.bannedListing = bannedListing.id;
  expect((await owner.client.rpc('pause_listing', { p_listing_id: paused.id })).error).toBeNull();
  await admin().from('listings').update({ expires_at: new Date(Date.now() - 3600_000).toISOString() }).eq('id', expired.id);

  f.photoPublic = (await svcInsert('listing_photos', { listing_id: pub.id, url: photoUrl(owner.id, pub.id) })).id;
  f.photoPaused = (await svcInsert('listing_photos', { listing_id: paused.id, url: photoUrl(owner.id, paused.id) })).id;
  f.photoBanned = (await svcInsert('listing_photos', { listing_id: bannedListing.id, url: photoUrl(banned.id, bannedListing.id) })).id;

  f.targetedCoupon = (await svcInsert('coupons', { code: `RLS-T-${Date.now()}`, type: 'single_use', discount_type: 'credits', discount_value: 5, applies_to_user_id: owner.id })).id;
  f.hiddenCoupon = (await svcInsert('coupons', { code: `RLS-H-${Date.now()}`, type: 'reusable', discount_type: 'percentage', discount_value: 10 })).id;
  const applied = await owner.client.rpc('apply_coupon', { p_code: (await svcGet('coupons', { id: f.targetedCoupon }))[0]!.code });
  expect(applied.error).toBeNull();

  const pkg = (await svcGet('credit_packages', { name: 'Starter' }))[0]!;
  f.package = (await svcInsert('credit_packages', { name: `RLS pack ${Date.now()}`, credits: 1, price_cents: 1 })).id;
  f.setting = (await svcInsert('settings', { key: `rls_setting_${Date.now()}`, value: 1 })).key;
  const paid = await admin().rpc('fulfil_credit_purchase', { p_user_id: owner.id, p_package_id: pkg.id, p_provider: 'test', p_provider_reference: `rls-${Date.now()}` });
  expect(paid.error).toBeNull();
  f.payment = (paid.data).payment_id;

  const t = await owner.client.rpc('create_ticket', { p_sender_email: owner.email, p_message: 'Ho bisogno di aiuto con il mio annuncio.', p_subject: 'Aiuto' });
  expect(t.error).toBeNull();
  f.ticket = (t.data).id;
  f.emailTicket = (await svcInsert('tickets', { subject: 'Per e-mail', reporter_email: owner.email.toUpperCase(), user_id: null })).id;
  f.message = (await svcGet('ticket_messages', { ticket_id: f.ticket }))[0]!.id;

  f.ownerNotification = (await svcInsert('admin_notifications', { user_id: owner.id, type: 'ticket_reply', entity_id: f.ticket, message: 'x' })).id;
  f.staffNotification = (await svcInsert('admin_notifications', { user_id: null, type: 'new_ticket', entity_id: f.ticket, message: 'y' })).id;
  f.push = (await svcInsert('push_subscriptions', { user_id: owner.id, endpoint: `https://fcm.googleapis.com/fcm/send/${Date.now()}`, p256dh: 'k', auth: 'a' })).id;
  f.report = (await svcInsert('listing_reports', { listing_id: expired.id, reporter_id: other.id, reason: 'spam' })).id;

  await admin().from('profiles').update({ role: 'banned' }).eq('id', banned.id);
});

describe('select', () => {
  const cases: [string, string, () => Record<string, unknown>, Actor[]][] = [
    ['profiles', "the owner's profile", () => ({ id: users.owner.id }), ['owner', 'supporto', 'admin']],
    ['profiles', "the banned user's own profile", () => ({ id: users.banned.id }), ['banned', 'supporto', 'admin']],
    ['listings', 'a public listing', () => ({ id: f.public }), ACTORS],
    ['listings', 'a paused listing', () => ({ id: f.paused }), ['owner', 'supporto', 'admin']],
    ['listings', 'an expired listing', () => ({ id: f.expired }), ['owner', 'supporto', 'admin']],
    ['listing_photos', 'a photo of a public listing', () => ({ id: f.photoPublic }), ACTORS],
    ['listing_photos', 'a photo of a paused listing', () => ({ id: f.photoPaused }), ['owner', 'supporto', 'admin']],
    ['credit_transactions', "the owner's transactions", () => ({ user_id: users.owner.id }), ['owner', 'supporto', 'admin']],
    ['coupons', 'a coupon meant for the owner', () => ({ id: f.targetedCoupon }), ['owner', 'supporto', 'admin']],
    ['coupons', 'a coupon nobody applied', () => ({ id: f.hiddenCoupon }), ['supporto', 'admin']],
    ['user_coupons', "the owner's applied coupons", () => ({ user_id: users.owner.id }), ['owner', 'supporto', 'admin']],
    ['used_coupons', "the owner's used coupons", () => ({ user_id: users.owner.id }), ['owner', 'supporto', 'admin']],
    ['payments', "the owner's payment", () => ({ id: f.payment }), ['owner', 'supporto', 'admin']],
    ['tickets', "the owner's ticket", () => ({ id: f.ticket }), ['owner', 'supporto', 'admin']],
    ['tickets', 'a ticket with the owner e-mail as reporter', () => ({ id: f.emailTicket }), ['owner', 'supporto', 'admin']],
    ['ticket_messages', "a message of the owner's ticket", () => ({ id: f.message }), ['owner', 'supporto', 'admin']],
    ['admin_notifications', "the owner's notification", () => ({ id: f.ownerNotification }), ['owner']],
    ['admin_notifications', 'a staff-wide notification', () => ({ id: f.staffNotification }), ['supporto', 'admin']],
    ['push_subscriptions', "the owner's push subscription", () => ({ id: f.push }), ['owner']],
    ['listing_reports', "the other user's report", () => ({ id: f.report }), ['other', 'supporto', 'admin']],
    ['settings', 'a setting', () => ({ key: 'listing_creation_cost' }), ACTORS],
    ['credit_packages', 'an active package', () => ({ id: f.package }), ACTORS],
  ];
  for (const [table, what, match, allowed] of cases) {
    for (const actor of ACTORS) {
      const expected = allowed.includes(actor);
      it(`${table}: ${actor} ${expected ? 'can' : 'cannot'} read ${what}`, async () => {
        expect(await sees(actor, table, match())).toBe(expected);
      });
    }
  }
});

describe('insert', () => {
  type Case = [string, string, () => Record<string, unknown>, Actor[]];
  const cases: Case[] = [
    ['profiles', 'a profile', () => ({ id: crypto.randomUUID(), referral_code: `Z${Date.now()}` }), []],
    ['listings', 'a listing directly (bypassing create_listing)', () => ({ user_id: users.owner.id, title: 'Diretto senza pagare', category: 'donne', city: 'Roma', age: 30, description: 'Descrizione abbastanza lunga per passare.', slug: `direct-${crypto.randomUUID()}` }), []],
    ['listing_photos', "a photo on the owner's listing (only the upload function writes photos)", () => ({ listing_id: f.public, url: photoUrl(users.owner.id, f.public!) }), []],
    ['listing_photos', "a photo on the banned user's listing", () => ({ listing_id: f.bannedListing, url: photoUrl(users.banned.id, f.bannedListing!) }), []],
    ['credit_transactions', 'a credit transaction', () => ({ user_id: users.owner.id, type: 'purchase', amount: 1000 }), []],
    ['coupons', 'a coupon', () => ({ code: `INS-${crypto.randomUUID()}`, type: 'reusable', discount_type: 'credits', discount_value: 100 }), ['admin']],
    ['user_coupons', 'an applied coupon', () => ({ user_id: users.owner.id, coupon_id: f.hiddenCoupon }), []],
    ['used_coupons', 'a used coupon', () => ({ user_id: users.other.id, coupon_id: f.hiddenCoupon }), []],
    ['payments', 'a payment', () => ({ user_id: users.owner.id, provider: 'x', provider_reference: crypto.randomUUID(), credits: 999, amount_cents: 0 }), []],
    ['tickets', 'a ticket directly', () => ({ subject: 'Diretto', reporter_email: 'diretto@example.test', user_id: users.owner.id }), []],
    ['ticket_messages', 'a ticket message directly', () => ({ ticket_id: f.ticket, author_role: 'admin', body: 'finto staff' }), []],
    ['admin_notifications', 'a notification', () => ({ user_id: null, type: 'new_ticket', message: `fake-${crypto.randomUUID()}` }), []],
    ['push_subscriptions', "a push subscription for the owner", () => ({ user_id: users.owner.id, endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`, p256dh: 'k', auth: 'a' }), ['owner']],
    ['listing_reports', 'a report by the actor', () => ({ listing_id: f.public, reporter_id: '__self__', reason: 'altro' }), ['owner', 'other', 'supporto', 'admin']],
    ['settings', 'a setting', () => ({ key: `k-${crypto.randomUUID()}`, value: 1 }), []],
    ['credit_packages', 'a credit package', () => ({ name: `Pack ${crypto.randomUUID()}`, credits: 1, price_cents: 1 }), ['admin']],
  ];
  const keyOf: Record<string, (row: Record<string, unknown>) => Record<string, unknown>> = {
    profiles: (r) => ({ id: r.id }),
    listings: (r) => ({ slug: r.slug }),
    listing_photos: (r) => ({ url: r.url }),
    credit_transactions: (r) => ({ user_id: r.user_id, amount: 1000 }),
    coupons: (r) => ({ code: r.code }),
    user_coupons: (r) => ({ user_id: r.user_id, coupon_id: r.coupon_id }),
    used_coupons: (r) => ({ user_id: r.user_id, coupon_id: r.coupon_id }),
    payments: (r) => ({ provider_reference: r.provider_reference }),
    tickets: (r) => ({ subject: 'Diretto', reporter_email: r.reporter_email }),
    ticket_messages: () => ({ body: 'finto staff' }),
    admin_notifications: (r) => ({ message: r.message }),
    push_subscriptions: (r) => ({ endpoint: r.endpoint }),
    listing_reports: (r) => ({ listing_id: r.listing_id, reporter_id: r.reporter_id, reason: 'altro' }),
    settings: (r) => ({ key: r.key }),
    credit_packages: (r) => ({ name: r.name }),
  };
  for (const [table, what, make, allowed] of cases) {
    for (const actor of ACTORS) {
      const expected = allowed.includes(actor);
      it(`${table}: ${actor} ${expected ? 'can' : 'cannot'} insert ${what}`, async () => {
        const row = make();
        if (row.reporter_id === '__self__') row.reporter_id = actor === 'anon' ? users.other.id : users[actor].id;
        const res = await clients[actor].from(table).insert(row);
        const stored = await svcGet(table, keyOf[table]!(row));
        if (expected) {
          expect(res.error?.message ?? null).toBeNull();
          expect(stored.length).toBeGreaterThan(0);
        } else {
          expect(res.error).not.toBeNull();
          expect(stored.length).toBe(0);
        }
      });
    }
  }
});

describe('update', () => {
  type Case = [string, string, () => Record<string, unknown>, Record<string, unknown>, Actor[]];
  const cases: Case[] = [
    ['profiles', "the owner's display name", () => ({ id: users.owner.id }), { display_name: '__actor__' }, ['owner']],
    ['profiles', "the owner's credits", () => ({ id: users.owner.id }), { credits: 99999 }, []],
    ['profiles', "the owner's role", () => ({ id: users.owner.id }), { role: 'admin' }, []],
    ['profiles', "the owner's referral code", () => ({ id: users.owner.id }), { referral_code: 'HACKED12' }, []],
    ['profiles', "the banned user's own display name", () => ({ id: users.banned.id }), { display_name: '__actor__' }, []],
    ['listings', "the owner's listing title", () => ({ id: f.public }), { title: 'Titolo cambiato da __actor__' }, ['owner']],
    ['listings', "the owner's listing is_premium", () => ({ id: f.public }), { is_premium: true, promotion_mode: 'day', promotion_start_at: new Date().toISOString(), promotion_end_at: new Date(Date.now() + 864e5).toISOString() }, []],
    ['listings', "the owner's listing expires_at", () => ({ id: f.public }), { expires_at: '2099-01-01T00:00:00Z' }, []],
    ['listings', "the owner's listing last_bumped_at", () => ({ id: f.public }), { last_bumped_at: '2099-01-01T00:00:00Z' }, []],
    ['listings', "the owner's listing is_paused", () => ({ id: f.public }), { is_paused: true }, []],
    ['listings', "the owner's listing user_id", () => ({ id: f.public }), { user_id: '00000000-0000-0000-0000-000000000000' }, []],
    ['listings', "the banned user's own listing title", () => ({ id: f.bannedListing }), { title: 'Titolo cambiato da __actor__' }, []],
    ['listing_photos', "a photo url of the owner's listing", () => ({ id: f.photoPublic }), { get url() { return photoUrl(users.owner.id, f.public!, '__actor__.jpg'); } }, []],
    ['listing_photos', "which photo of the owner's listing is primary", () => ({ id: f.photoPublic }), { is_primary: false }, ['owner']],
    ['credit_transactions', "the owner's transaction amount", () => ({ user_id: users.owner.id }), { amount: 5000 }, []],
    ['coupons', 'a coupon is_active', () => ({ id: f.hiddenCoupon }), { description: '__actor__' }, ['admin']],
    ['coupons', 'a coupon usage_count', () => ({ id: f.hiddenCoupon }), { usage_count: 777 }, []],
    ['user_coupons', "the owner's applied coupon", () => ({ user_id: users.owner.id }), { consumed_at: '2001-01-01T00:00:00Z' }, []],
    ['payments', "the owner's payment status", () => ({ id: f.payment }), { status: 'refunded' }, []],
    ['tickets', "the owner's ticket status directly", () => ({ id: f.ticket }), { status: 'closed' }, []],
    ['ticket_messages', "a message body", () => ({ id: f.message }), { body: '__actor__' }, []],
    ['admin_notifications', "the owner's notification is_read", () => ({ id: f.ownerNotification }), { is_read: true }, ['owner']],
    ['admin_notifications', "the owner's notification message", () => ({ id: f.ownerNotification }), { message: '__actor__' }, []],
    ['admin_notifications', 'a staff-wide notification is_read', () => ({ id: f.staffNotification }), { is_read: true }, ['supporto', 'admin']],
    ['push_subscriptions', "the owner's push keys", () => ({ id: f.push }), { p256dh: '__actor__' }, ['owner']],
    ['listing_reports', "the other user's report status", () => ({ id: f.report }), { status: 'reviewed' }, ['supporto', 'admin']],
    ['settings', 'a setting value', () => ({ key: f.setting }), { value: 'EUR' }, ['admin']],
    ['credit_packages', 'a package price', () => ({ id: f.package }), { price_cents: 990 }, ['admin']],
  ];
  for (const [table, what, match, patch, allowed] of cases) {
    for (const actor of ACTORS) {
      const expected = allowed.includes(actor);
      it(`${table}: ${actor} ${expected ? 'can' : 'cannot'} update ${what}`, async () => {
        const m = match();
        const before = await svcGet(table, m);
        expect(before.length).toBeGreaterThan(0);
        // make the change observable: reset the flags this case sets
        if (table === 'admin_notifications' && 'is_read' in patch) await admin().from(table).update({ is_read: false }).match(m);
        if (table === 'listing_reports') await admin().from(table).update({ status: 'open' }).match(m);
        if (table === 'settings') await admin().from(table).update({ value: 'XXX' }).match(m);
        if (table === 'credit_packages') await admin().from(table).update({ price_cents: 1 }).match(m);
        if (table === 'listing_photos') await admin().from(table).update({ is_primary: true }).match(m);
        const p = JSON.parse(JSON.stringify(patch).replaceAll('__actor__', `${actor}-${Date.now()}`));
        const res = await clients[actor].from(table).update(p).match(m).select(readable(table));
        const after = await svcGet(table, m);
        const applied = Object.entries(p).every(([k, v]) => after.some((row) => JSON.stringify(row[k]) === JSON.stringify(v) || (typeof v === 'string' && typeof row[k] === 'string' && new Date(row[k]).getTime() === new Date(v).getTime() && !Number.isNaN(new Date(v).getTime()))));
        expect(applied, `${JSON.stringify(res.error)}`).toBe(expected);
        if (!expected) expect(res.error !== null || (res.data ?? []).length === 0).toBe(true);
      });
    }
  }
});

describe('delete', () => {
  type Case = [string, string, (actor: Actor) => Promise<Record<string, unknown>>, Actor[]];
  const throwawayListing = async () => ({ id: (await makeListing(users.owner, { p_title: 'Da cancellare' })).id });
  const cases: Case[] = [
    ['profiles', "the owner's profile", async () => ({ id: users.owner.id }), []],
    // Staff remove another's listing only through admin_delete_listing, with a reason.
    ['listings', "an owner's listing", throwawayListing, ['owner']],
    ['listings', "the banned user's own listing", async () => ({ id: f.bannedListing }), []],
    ['listing_photos', "a photo of the owner's listing", async () => ({ id: (await svcInsert('listing_photos', { listing_id: f.public, url: photoUrl(users.owner.id, f.public!) })).id }), ['owner', 'supporto', 'admin']],
    ['listing_photos', "a photo of the banned user's listing", async () => ({ id: f.photoBanned }), ['supporto', 'admin']],
    ['credit_transactions', "the owner's transactions", async () => ({ user_id: users.owner.id }), []],
    ['coupons', 'a coupon', async () => ({ id: (await svcInsert('coupons', { code: `DEL-${crypto.randomUUID()}`, type: 'reusable', discount_type: 'credits', discount_value: 1 })).id }), ['admin']],
    ['user_coupons', "the owner's applied coupons", async () => ({ user_id: users.owner.id }), []],
    ['used_coupons', "the owner's used coupons", async () => ({ user_id: users.owner.id }), []],
    ['payments', "the owner's payment", async () => ({ id: f.payment }), []],
    ['tickets', "the owner's ticket", async () => ({ id: f.ticket }), []],
    ['ticket_messages', 'a ticket message', async () => ({ id: f.message }), []],
    ['admin_notifications', "the owner's notification", async () => ({ id: f.ownerNotification }), []],
    ['admin_notifications', 'a staff-wide notification', async () => ({ id: f.staffNotification }), []],
    ['push_subscriptions', "the owner's push subscription", async () => ({ id: (await svcInsert('push_subscriptions', { user_id: users.owner.id, endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`, p256dh: 'k', auth: 'a' })).id }), ['owner']],
    ['listing_reports', 'a report', async () => ({ id: f.report }), []],
    ['settings', 'a setting', async () => ({ key: f.setting }), []],
    ['credit_packages', 'a package', async () => ({ id: f.package }), []],
  ];
  for (const [table, what, make, allowed] of cases) {
    for (const actor of ACTORS) {
      const expected = allowed.includes(actor);
      // deleting shared fixtures only where every actor is refused
      it(`${table}: ${actor} ${expected ? 'can' : 'cannot'} delete ${what}`, async () => {
        const m = await make(actor);
        if (expected && (m.id === f.bannedListing || m.id === f.photoBanned)) {
          // a shared fixture: prove the permission on a fresh copy instead
          const copy = table === 'listings'
            ? { id: (await svcInsert('listings', { user_id: users.banned.id, title: 'Copia bannato', category: 'donne', city: 'Roma', age: 30, description: 'Descrizione abbastanza lunga per passare.', slug: `copy-${crypto.randomUUID()}` })).id }
            : { id: (await svcInsert('listing_photos', { listing_id: f.bannedListing, url: photoUrl(users.banned.id, f.bannedListing!) })).id };
          await clients[actor].from(table).delete().match(copy);
          expect((await svcGet(table, copy)).length).toBe(0);
          return;
        }
        expect((await svcGet(table, m)).length).toBeGreaterThan(0);
        await clients[actor].from(table).delete().match(m);
        const left = await svcGet(table, m);
        expect(left.length === 0).toBe(expected);
      });
    }
  }
});
