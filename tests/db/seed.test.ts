/**
 * The demo data (supabase/seed.sql, generated from supabase/seed/data.ts) as loaded by the
 * platform on its empty test database, read back through supabase-js. Other suites share
 * this database, so everything here is looked up by the seed's fixed ids.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, platformInfo, serviceClient } from '../support/clients.ts';
import {
  COUPON_STATUSES, COUPONS, DUPLICATED_LISTING, HELD_LISTINGS, LISTINGS, NOTIFICATIONS, STATS, TICKETS, USERS, couponStatusFor, userByKey, type HoldReason, type SeedListing,
} from '../../supabase/seed/data.ts';
import { ARRAY_ATTRIBUTES, VALUE_LISTS } from '../../supabase/seed/values.ts';
import { FILES_PER_PHOTO, ORIGINAL_BUCKET, PHOTO_BUCKET, seedPhotos } from '../../supabase/seed/photos.ts';
import { AVIF_SUFFIXES, RENDITION_KEY_LENGTH, RENDITION_SUFFIXES } from '../../supabase/functions/_shared/image/renditions.ts';

/** Every rendition a seeded photo has from the start, the AVIF ones photo-avif would make included. */
const SUFFIXES = [...RENDITION_SUFFIXES, ...AVIF_SUFFIXES];
import { expectOk } from '../support/db.ts';
import { isPromoted, isPublic } from '../support/seed-search.ts';

const ids = LISTINGS.map((l) => l.id);
const userIds = USERS.map((u) => u.id);
const admin = () => serviceClient();

async function signIn(key: string) {
  const u = userByKey(key);
  const c = client();
  const { data, error } = await c.auth.signInWithPassword({ email: u.email, password: u.password });
  if (error) throw new Error(`${u.email}: ${error.message}`);
  return { client: c, user: data.user, u };
}

async function seededListings() {
  const { data, error } = await admin().from('listings').select('*').in('id', ids);
  if (error) throw error;
  return data as Record<string, any>[];
}

describe('seed: listings', () => {
  it('has the 60 demo listings in at least 12 cities, every category and attribute value used', async () => {
    const rows = await seededListings();
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((r) => r.city)).size).toBeGreaterThanOrEqual(12);
    expect(rows.every((r) => typeof r.zone === 'string' && r.zone.length > 0)).toBe(true);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(VALUE_LISTS.category));
    for (const attr of ARRAY_ATTRIBUTES) {
      const used = new Set(rows.flatMap((r) => r[attr] as string[]));
      expect([...VALUE_LISTS[attr]].filter((v) => !used.has(v)), attr).toEqual([]);
    }
    for (const r of rows) {
      expect(r.age).toBeGreaterThanOrEqual(18);
      expect(r.age).toBeLessThanOrEqual(99);
      expect(Number(r.hourly_rate)).toBeGreaterThan(0);
    }
  });

  it('has active day and night promotions, pending ones, paused listings with frozen clocks and expired ones', async () => {
    const rows = await seededListings();
    const now = Date.now();
    const t = (x: string | null) => (x ? Date.parse(x) : NaN);
    const hot = rows.filter((r) => r.is_premium && !r.is_paused && t(r.promotion_start_at) <= now && now <= t(r.promotion_end_at));
    expect(hot.filter((r) => r.promotion_mode === 'day').length).toBeGreaterThanOrEqual(3);
    expect(hot.filter((r) => r.promotion_mode === 'night').length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.is_premium && !r.is_paused && t(r.promotion_start_at) > now).length).toBeGreaterThanOrEqual(2);
    const paused = rows.filter((r) => r.is_paused);
    expect(paused.length).toBeGreaterThanOrEqual(4);
    expect(paused.every((r) => r.paused_at && r.remaining_expires_at_duration)).toBe(true);
    expect(paused.some((r) => r.is_premium && r.remaining_promotion_duration)).toBe(true);
    expect(rows.filter((r) => !r.is_paused && t(r.expires_at) < now).length).toBeGreaterThanOrEqual(3);
  });

  it('shows visitors only the public demo listings (not paused, not expired)', async () => {
    const expected = LISTINGS.filter((l) => !l.isPaused && l.expiresAt > 0).map((l) => l.id).sort();
    const { data, error } = await client().from('listings').select('id').in('id', ids);
    expect(error).toBeNull();
    expect(data!.map((r) => r.id).sort()).toEqual(expected);
  });
});

describe('seed: accounts and credits', () => {
  it('lets every documented account sign in with its password, with its role', async () => {
    for (const key of ['admin', 'supporto', 'giulia', 'marco', 'bannato']) {
      const { client: c, user, u } = await signIn(key);
      expect(user.id).toBe(u.id);
      expect(user.email).toBe(u.email);
      const { data, error } = await c.from('profiles').select('role, email').eq('id', u.id).single();
      expect(error).toBeNull();
      expect(data).toEqual({ role: u.role, email: u.email });
    }
    const wrong = await client().auth.signInWithPassword({ email: 'giulia@incontri.local', password: 'sbagliata' });
    expect(wrong.error).not.toBeNull();
  });

  it('keeps every balance equal to the sum of its credit transactions', async () => {
    const [profiles, txs] = await Promise.all([
      admin().from('profiles').select('id, credits, referral_code, referred_by').in('id', userIds),
      admin().from('credit_transactions').select('user_id, amount, type').in('user_id', userIds),
    ]);
    expect(profiles.error).toBeNull();
    expect(txs.error).toBeNull();
    expect(profiles.data).toHaveLength(USERS.length);
    for (const p of profiles.data!) {
      const sum = txs.data!.filter((t) => t.user_id === p.id).reduce((s, t) => s + (t.amount as number), 0);
      expect(p.credits, p.id).toBe(sum);
    }
    expect(new Set(txs.data!.map((t) => t.type))).toEqual(
      new Set(['purchase', 'listing_creation', 'premium_upgrade', 'coupon_credit_add', 'referral_bonus', 'admin_adjustment']),
    );
    const marco = profiles.data!.find((p) => p.id === userByKey('marco').id)!;
    expect(marco.referred_by).toBe(userByKey('giulia').id);
  });

  it("shows giulia@ her credit history and a coupon in every status", async () => {
    const { client: c, u } = await signIn('giulia');
    const history = await c.from('credit_transactions').select('id', { count: 'exact' }).eq('user_id', u.id);
    expect(history.count).toBeGreaterThan(10);
    const { data, error } = await c.from('user_coupons').select('applied_at, consumed_at, coupons(*)').eq('user_id', u.id).order('applied_at', { ascending: false });
    expect(error).toBeNull();
    const used = await c.from('used_coupons').select('coupon_id').eq('user_id', u.id);
    const statuses = new Set(
      data!.map((row: any) => {
        const dbc = row.coupons;
        const seed = COUPONS.find((x) => x.id === dbc.id)!;
        expect(dbc.code).toBe(seed.code);
        // recompute from the database row
        if (!dbc.is_active) return 'inactive';
        if (dbc.expires_at && Date.parse(dbc.expires_at) < Date.now()) return 'expired';
        if (dbc.type === 'single_use' && used.data!.some((x) => x.coupon_id === dbc.id)) return 'used';
        if (dbc.type === 'reusable' && dbc.max_uses !== null && dbc.usage_count >= dbc.max_uses) return 'maxed_out';
        if (dbc.applies_to_user_id && dbc.applies_to_user_id !== u.id) return 'not_applicable';
        expect(couponStatusFor(seed, u.id)).toBe('active');
        return 'active';
      }),
    );
    expect(statuses).toEqual(new Set(COUPON_STATUSES));
  });
});

describe('seed: tickets and notifications', () => {
  it('has tickets in every status with their threads', async () => {
    const { data, error } = await admin().from('tickets').select('id, status, last_replied_by, ticket_messages(author_role)').in('id', TICKETS.map((t) => t.id));
    expect(error).toBeNull();
    expect(new Set(data!.map((t) => t.status))).toEqual(new Set(['open', 'in_progress', 'resolved', 'closed']));
    for (const t of data!) {
      const seed = TICKETS.find((x) => x.id === t.id)!;
      expect((t.ticket_messages as unknown[]).length).toBe(seed.messages.length);
    }
    const { client: c } = await signIn('giulia');
    const mine = await c.from('tickets').select('id');
    expect(mine.data!.map((t) => t.id).sort()).toEqual(TICKETS.filter((t) => t.userId === userByKey('giulia').id).map((t) => t.id).sort());
  });

  it('has the bell read and unread, for staff and for users, without trigger duplicates', async () => {
    const staff = await signIn('admin');
    const s = await staff.client.from('admin_notifications').select('id, is_read, user_id').in('id', NOTIFICATIONS.map((n) => n.id));
    expect(s.error).toBeNull();
    expect(s.data!.every((n) => n.user_id === null)).toBe(true);
    expect(new Set(s.data!.map((n) => n.is_read))).toEqual(new Set([true, false]));
    const g = await signIn('giulia');
    const mine = await g.client.from('admin_notifications').select('id, is_read, type').eq('user_id', g.u.id);
    expect(new Set(mine.data!.map((n) => n.is_read))).toEqual(new Set([true, false]));
    const entityIds = [...TICKETS.map((t) => t.id)];
    const all = await admin().from('admin_notifications').select('id').in('entity_id', entityIds);
    const expected = NOTIFICATIONS.filter((n) => n.entityId && entityIds.includes(n.entityId)).length;
    expect(all.data!.length).toBe(expected);
  });

  it('is recognised by the scheduled jobs (no repeated expiry notifications)', async () => {
    const before = await admin().from('admin_notifications').select('id').in('entity_id', ids);
    await admin().rpc('expire_listings');
    await admin().rpc('notify_expiring_listings');
    const after = await admin().from('admin_notifications').select('id').in('entity_id', ids);
    expect(after.data!.length).toBe(before.data!.length);
  });
});

describe('seed: demo photos', () => {
  // One listing in each state the display rule tells apart (the db suite seeds photos only here).
  const chosen = [
    LISTINGS.find(isPromoted)!,
    LISTINGS.find((l) => isPublic(l) && l.isPremium && !isPromoted(l))!,
    LISTINGS.find((l) => isPublic(l) && !l.isPremium && l.photoCount >= 2)!,
    LISTINGS.find((l) => l.isPaused)!,
    LISTINGS.find((l) => !l.isPaused && l.expiresAt <= 0)!,
  ];
  const only = chosen.map((l) => l.id);
  /** What a visitor sees: an active promotion's five, a public listing's primary, else nothing. */
  const displayed = (l: SeedListing) => (isPromoted(l) ? 5 : isPublic(l) ? 1 : 0);
  const key = (l: SeedListing) => new RegExp(`^${l.userId}/${l.id}/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\\.jpg$`);
  let first: Awaited<ReturnType<typeof seedPhotos>>;

  beforeAll(async () => {
    const info = platformInfo();
    first = await seedPhotos({ url: info.url, serviceRoleKey: info.serviceRoleKey, only });
  }, 120_000);

  it('gives each listing its photos (premium 5, base 1-3): crop in listing_photos, original in listing_originals, random keys', async () => {
    expect(first).toEqual({ uploaded: chosen.reduce((n, l) => n + l.photoCount, 0) * FILES_PER_PHOTO, failed: 0 });
    const photos = expectOk(
      await admin().from('listing_photos').select('id, listing_id, url, is_primary, storage_path, created_at, renditions, placeholder, avif').in('listing_id', only).order('created_at'),
    ) as { id: string; listing_id: string; url: string; is_primary: boolean; storage_path: string; renditions: string; placeholder: string; avif: boolean }[];
    const originals = expectOk(await admin().from('listing_photo_originals').select('photo_id, listing_id, storage_path').in('listing_id', only)) as {
      photo_id: string;
      listing_id: string;
      storage_path: string;
    }[];
    const original = new Map(originals.map((o) => [o.photo_id, o]));
    for (const l of chosen) {
      const mine = photos.filter((p) => p.listing_id === l.id);
      expect(mine, l.state).toHaveLength(l.photoCount);
      expect(mine.map((p) => p.is_primary), l.state).toEqual(mine.map((_, i) => i === 0)); // the oldest is primary
      const files = expectOk(await admin().storage.from(ORIGINAL_BUCKET).list(`${l.userId}/${l.id}`)) as { name: string }[];
      const beside = (expectOk(await admin().storage.from(PHOTO_BUCKET).list(`${l.userId}/${l.id}`, { limit: 100 })) as { name: string }[]).map((f) => `${l.userId}/${l.id}/${f.name}`);
      for (const p of mine) {
        // Renditions (issue 44) beside the crop from the start, and a placeholder.
        expect(p.renditions).toMatch(new RegExp(`^${l.userId}/${l.id}/[0-9a-f]{${RENDITION_KEY_LENGTH}}$`));
        expect(p.placeholder).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
        expect(p.avif, 'the seed makes the AVIF ones too').toBe(true);
        expect(beside).toEqual(expect.arrayContaining([p.storage_path, ...SUFFIXES.map((x) => `${p.renditions}${x}`)]));
        expect(p.storage_path).toMatch(key(l));
        expect(p.url).toBe(`${platformInfo().url}/storage/v1/object/public/${PHOTO_BUCKET}/${p.storage_path}`);
        const o = original.get(p.id)!;
        expect(o, p.id).toMatchObject({ listing_id: l.id, storage_path: expect.stringMatching(key(l)) });
        expect(files.map((f) => `${l.userId}/${l.id}/${f.name}`)).toContain(o.storage_path);
      }
    }
    const paths = [...photos.map((p) => p.storage_path), ...originals.map((o) => o.storage_path)];
    expect(new Set(paths).size).toBe(paths.length);

    const crop = await fetch(photos[0]!.url);
    expect(crop.status).toBe(200);
    expect(crop.headers.get('content-type')).toContain('image/jpeg');
    const cropBytes = Buffer.from(await crop.arrayBuffer());
    expect(await sharp(cropBytes).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 1000 });
    // Named by the crop's bytes, as an upload's, and served for a year.
    expect(photos[0]!.renditions.split('/')[2]).toBe(createHash('sha256').update(cropBytes).digest('hex').slice(0, RENDITION_KEY_LENGTH));
    for (const suffix of SUFFIXES) {
      const served = await fetch(admin().storage.from(PHOTO_BUCKET).getPublicUrl(`${photos[0]!.renditions}${suffix}`).data.publicUrl);
      expect(served.status, suffix).toBe(200);
      expect(served.headers.get('cache-control'), suffix).toBe('max-age=31536000, public, immutable');
      expect(served.headers.get('content-type'), suffix).toBe({ webp: 'image/webp', jpg: 'image/jpeg', avif: 'image/avif' }[suffix.split('.')[1]!]);
    }
    const square = original.get(photos[0]!.id)!.storage_path;
    const blob = expectOk(await admin().storage.from(ORIGINAL_BUCKET).download(square)) as Blob;
    expect(await sharp(Buffer.from(await blob.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1000, height: 1000 });
    // the private bucket has no public URL
    expect((await fetch(`${platformInfo().url}/storage/v1/object/public/${ORIGINAL_BUCKET}/${square}`)).status).not.toBe(200);

    const again = await seedPhotos({ url: platformInfo().url, serviceRoleKey: platformInfo().serviceRoleKey, only });
    expect(again).toEqual({ uploaded: 0, failed: 0 });
  });

  it('shows a visitor only the displayed photos, primary first, and no original', async () => {
    const anon = client();
    const seen = expectOk(
      await anon.from('listing_photos').select('listing_id, is_primary').in('listing_id', only).order('is_primary', { ascending: false }).order('created_at'),
    ) as { listing_id: string; is_primary: boolean }[];
    for (const l of chosen) {
      const mine = seen.filter((p) => p.listing_id === l.id);
      expect(mine.length, l.state).toBe(displayed(l));
      if (mine.length) expect(mine[0]!.is_primary, l.state).toBe(true);
    }
    expect((await anon.from('listing_photo_originals').select('photo_id').in('listing_id', only)).data ?? []).toEqual([]);
  });

  it('lets the owner read every photo and, through a signed URL, its original', async () => {
    const l = chosen.find((x) => isPublic(x) && x.photoCount > displayed(x))!;
    const owner = await signIn(USERS.find((u) => u.id === l.userId)!.key);
    const photos = expectOk(await owner.client.from('listing_photos').select('id').eq('listing_id', l.id)) as unknown[];
    expect(photos).toHaveLength(l.photoCount);
    const originals = expectOk(await owner.client.from('listing_photo_originals').select('storage_path').eq('listing_id', l.id)) as { storage_path: string }[];
    expect(originals).toHaveLength(l.photoCount);
    const signed = expectOk(await owner.client.storage.from(ORIGINAL_BUCKET).createSignedUrl(originals[0]!.storage_path, 60)) as { signedUrl: string };
    const res = await fetch(signed.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/jpeg');
  });
});

describe('seed: one listing waiting for review of each kind', () => {
  const held = (reason: HoldReason) => HELD_LISTINGS.find((l) => l.holdReason === reason)!;
  const heldIds = HELD_LISTINGS.map((l) => l.id);
  const copy = held('duplicate_photo');

  beforeAll(async () => {
    // The duplicate's reason comes with its photo: giulia@'s photo first, then the copy of it.
    const info = platformInfo();
    const seeded = await seedPhotos({ url: info.url, serviceRoleKey: info.serviceRoleKey, only: [DUPLICATED_LISTING.id, copy.id] });
    expect(seeded.failed).toBe(0);
  }, 120_000);

  it("shows staff the three in 'Da approvare', oldest first, each with why it waits", async () => {
    const staff = await signIn('supporto');
    const queue = expectOk(await staff.client.rpc('review_queue')) as { id: string; submitted_at: string; reasons: { reason: string; details: any }[] }[];
    const mine = queue.filter((q) => heldIds.includes(q.id));
    const oldestFirst = [...HELD_LISTINGS].sort((a, b) => a.createdAt - b.createdAt);
    expect(mine.map((q) => q.id)).toEqual(oldestFirst.map((l) => l.id));
    for (const q of mine) {
      const l = HELD_LISTINGS.find((x) => x.id === q.id)!;
      expect(q.reasons.map((r) => r.reason), l.holdReason).toEqual([l.holdReason]);
      // waiting since it was created, not since the seed was loaded
      expect(Math.abs(Date.parse(q.submitted_at) - (Date.now() + l.createdAt * 60_000)), l.holdReason).toBeLessThan(10 * 60_000);
    }
    const why = (reason: HoldReason) => mine.find((q) => q.id === held(reason).id)!.reasons[0]!.details;
    expect(why('screened_term').terms).toContain('appena arrivata + senza documenti');

    // The copy of giulia@'s first photo beside it, with their distance.
    const photoOf = async (listingId: string) =>
      (expectOk(await admin().from('listing_photos').select('id, url').eq('listing_id', listingId).eq('is_primary', true).single()) as { id: string; url: string });
    const [mineFirst, original] = await Promise.all([photoOf(copy.id), photoOf(DUPLICATED_LISTING.id)]);
    const matches = why('duplicate_photo').matches as Record<string, unknown>[];
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({
      photo_id: mineFirst.id, photo_url: mineFirst.url, other_photo_id: original.id, other_photo_url: original.url,
      other_listing_id: DUPLICATED_LISTING.id, other_owner_email: userByKey('giulia').email,
    });
    expect(matches[0]!.distance).toBeLessThanOrEqual(8);
  });

  it('keeps them from visitors and from search, and every other demo listing approved', async () => {
    const anon = client();
    expect(expectOk(await anon.from('listings').select('id').in('id', heldIds))).toEqual([]);
    expect(expectOk(await anon.from('listing_photos').select('id').in('listing_id', heldIds))).toEqual([]);
    // Nor their files: the seeded copy's crop moves to the private held bucket (issue 41).
    const crops = expectOk(await admin().from('listing_photos').select('url, storage_path, renditions').eq('listing_id', copy.id)) as { url: string; storage_path: string; renditions: string }[];
    expect(crops.length).toBeGreaterThan(0);
    for (const c of crops) {
      await expect.poll(async () => (await fetch(c.url)).status, { timeout: 15_000 }).toBeGreaterThanOrEqual(400);
      // Its renditions with it (issue 44).
      for (const name of [c.storage_path, ...SUFFIXES.map((x) => `${c.renditions}${x}`)]) {
        await expect.poll(async () => (await admin().storage.from('listing_photos_held').download(name)).error, { timeout: 15_000 }).toBeNull();
        expect((await admin().storage.from(PHOTO_BUCKET).download(name)).error, name).not.toBeNull();
      }
    }
    const search = async (l: SeedListing) =>
      (expectOk(await anon.rpc('search_listings', { p_city: l.city, p_query: l.title, p_limit: 50 })) as { id: string }[]).map((x) => x.id);
    expect(await search(DUPLICATED_LISTING)).toContain(DUPLICATED_LISTING.id); // the same search finds a public one
    for (const l of HELD_LISTINGS) expect(await search(l), l.holdReason).not.toContain(l.id);
    const statuses = expectOk(await admin().from('listings').select('id, review_status').in('id', ids)) as { review_status: string }[];
    expect(statuses).toHaveLength(LISTINGS.length);
    expect(statuses.filter((r) => r.review_status !== 'approved')).toEqual([]);
  });

  it("stores each demo photo's perceptual hash, computed from its bytes", async () => {
    const photos = expectOk(await admin().from('listing_photos').select('id').eq('listing_id', DUPLICATED_LISTING.id)) as { id: string }[];
    const hashes = expectOk(await admin().from('listing_photo_hashes').select('photo_id, user_id, phash, variant').eq('listing_id', DUPLICATED_LISTING.id)) as { photo_id: string; user_id: string; variant: string }[];
    expect(hashes.filter((h) => h.variant === 'crop').map((h) => h.photo_id).sort()).toEqual(photos.map((p) => p.id).sort());
    // Every variant the duplicate check compares (issue 40), the original's too.
    expect(new Set(hashes.map((h) => h.variant))).toEqual(new Set(['crop', 'mirror', 'inner90', 'inner80', 'mirror90', 'original']));
    expect(new Set(hashes.map((h) => h.user_id))).toEqual(new Set([DUPLICATED_LISTING.userId]));
  });
});

describe("seed: giulia's statistics (issue 43)", () => {
  const romeDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(ms));
  const longest = LISTINGS.filter((l) => l.ownerKey === 'giulia')
    .map((l) => ({ l, days: STATS.filter((d) => d.listingId === l.id) }))
    .sort((a, b) => b.days.length - a.days.length)[0]!;

  it('lets giulia read the counts of the past days, as data.ts has them, dated back from the load', async () => {
    const giulia = await signIn('giulia');
    const rows = expectOk(
      await giulia.client.from('listing_stats_daily').select('day, views, calls, whatsapp, favourites, impressions, promoted')
        .eq('listing_id', longest.l.id).lt('day', romeDay(Date.now())).order('day', { ascending: false }),
    ) as { day: string }[];
    const expected = [...longest.days].sort((a, b) => a.daysAgo - b.daysAgo);
    expect(rows.length).toBeGreaterThanOrEqual(25);
    expect(rows.map(({ day: _, ...counts }) => counts)).toEqual(
      expected.map((d) => ({ views: d.views, calls: d.calls, whatsapp: d.whatsapp, favourites: d.favourites, impressions: d.impressions, promoted: d.promoted })),
    );
    // Consecutive Italian days ending yesterday (the seed was loaded today, or just before midnight).
    expect([romeDay(Date.now() - 86_400_000), romeDay(Date.now() - 2 * 86_400_000)]).toContain(rows[0]!.day);
    for (let i = 1; i < rows.length; i++) expect(Date.parse(rows[i - 1]!.day) - Date.parse(rows[i]!.day)).toBe((expected[i]!.daysAgo - expected[i - 1]!.daysAgo) * 86_400_000);
  });

  it("keeps them from anyone else: marco reads none of giulia's", async () => {
    const marco = await signIn('marco');
    expect(expectOk(await marco.client.from('listing_stats_daily').select('day').eq('listing_id', longest.l.id))).toEqual([]);
  });
});
