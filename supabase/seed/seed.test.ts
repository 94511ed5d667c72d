/** The demo data set and its SQL rendering (pure parts; the db suite loads it for real). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import bcrypt from 'bcryptjs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  COUPON_STATUSES, COUPONS, LISTINGS, NOTIFICATIONS, PAYMENTS, REPORTS, TICKET_STATUSES, TICKETS, TRANSACTIONS,
  STATS, STATS_DAYS, USED_COUPONS, USER_COUPONS, USERS, balanceOf, couponStatusFor, giuliaCouponStatuses, usageCount, userByKey,
} from './data.ts';
import { VALUE_LISTS, ARRAY_ATTRIBUTES } from './values.ts';
import { intervalText, passwordHash, rel, renderSeedSql } from './sql.ts';
import { artSvg, motifFor, MOTIFS } from './art.ts';
import { photoKey, renderPhoto } from './photos.ts';

const now = 0; // data offsets are minutes relative to the moment seed.sql runs
const active = (l: (typeof LISTINGS)[number]) => !l.isPaused && l.expiresAt > now;
const promoActive = (l: (typeof LISTINGS)[number]) =>
  l.isPremium && !l.isPaused && l.promotionStartAt! <= now && now <= l.promotionEndAt!;

describe('demo listings', () => {
  it('has 60 listings with unique fixed ids and slugs, in at least 12 cities, each with a zone', () => {
    expect(LISTINGS).toHaveLength(60);
    expect(new Set(LISTINGS.map((l) => l.id)).size).toBe(60);
    expect(new Set(LISTINGS.map((l) => l.slug)).size).toBe(60);
    expect(LISTINGS[0]!.id).toBe('b0000000-0000-4000-8000-000000000001');
    const cities = new Set(LISTINGS.map((l) => l.city));
    expect(cities.size).toBeGreaterThanOrEqual(12);
    for (const c of ['Milano', 'Roma', 'Napoli', 'Torino', 'Bologna', 'Firenze', 'Genova', 'Venezia', 'Verona', 'Palermo', 'Bari', 'Catania', 'Padova', 'Trieste']) {
      expect(cities).toContain(c);
    }
    for (const l of LISTINGS) expect(l.zone.length).toBeGreaterThan(1);
  });

  it('respects the schema bounds (title, description, age, rate)', () => {
    for (const l of LISTINGS) {
      expect(l.title.length).toBeGreaterThanOrEqual(5);
      expect(l.title.length).toBeLessThanOrEqual(120);
      expect(l.description.length).toBeGreaterThanOrEqual(20);
      expect(l.description.length).toBeLessThanOrEqual(5000);
      expect(l.age).toBeGreaterThanOrEqual(18);
      expect(l.age).toBeLessThanOrEqual(99);
      expect(l.hourlyRate).toBeGreaterThanOrEqual(50);
      expect(l.hourlyRate).toBeLessThanOrEqual(500);
    }
    const ages = LISTINGS.map((l) => l.age);
    expect(ages.filter((a) => a >= 21 && a <= 45).length).toBeGreaterThan(50);
  });

  it('uses every value of every value list, and only those', () => {
    expect(new Set(LISTINGS.map((l) => l.category))).toEqual(new Set(VALUE_LISTS.category));
    for (const attr of ARRAY_ATTRIBUTES) {
      const used = new Set(LISTINGS.flatMap((l) => l.attrs[attr]));
      expect([...VALUE_LISTS[attr]].filter((v) => !used.has(v)), attr).toEqual([]);
      expect([...used].filter((v) => !(VALUE_LISTS[attr] as readonly string[]).includes(v)), attr).toEqual([]);
    }
  });

  it('covers every listing state: premium day and night, pending, paused, expired', () => {
    expect(LISTINGS.filter((l) => promoActive(l) && l.promotionMode === 'day').length).toBeGreaterThanOrEqual(3);
    expect(LISTINGS.filter((l) => promoActive(l) && l.promotionMode === 'night').length).toBeGreaterThanOrEqual(3);
    const pending = LISTINGS.filter((l) => l.isPremium && !l.isPaused && l.promotionStartAt! > now);
    expect(pending.length).toBeGreaterThanOrEqual(2);
    expect(new Set(pending.map((l) => l.promotionMode))).toEqual(new Set(['day', 'night']));
    const paused = LISTINGS.filter((l) => l.isPaused);
    expect(paused.length).toBeGreaterThanOrEqual(4);
    for (const l of paused) {
      expect(l.pausedAt).not.toBeNull();
      expect(l.remainingExpiresMinutes).toBe(Math.max(0, l.expiresAt - l.pausedAt!));
    }
    expect(paused.some((l) => l.isPremium && l.remainingPromotionMinutes! > 0)).toBe(true);
    expect(LISTINGS.filter((l) => !l.isPaused && l.expiresAt <= now).length).toBeGreaterThanOrEqual(3);
    expect(LISTINGS.filter(active).length).toBeGreaterThanOrEqual(40);
    for (const l of LISTINGS) {
      if (l.isPremium) expect(l.promotionEndAt!).toBeGreaterThan(l.promotionStartAt!);
      else expect([l.promotionMode, l.promotionStartAt, l.promotionEndAt]).toEqual([null, null, null]);
      expect(l.createdAt).toBeLessThan(0);
      expect(l.photoCount).toBe(l.isPremium ? 5 : l.photoCount);
      expect(l.photoCount).toBeGreaterThanOrEqual(1);
      expect(l.photoCount).toBeLessThanOrEqual(5);
    }
  });

  it('gives the demo users listings in several states, and the banned user only frozen ones', () => {
    const g = LISTINGS.filter((l) => l.ownerKey === 'giulia');
    expect(g.some(promoActive)).toBe(true);
    expect(g.some((l) => l.isPaused)).toBe(true);
    expect(g.some((l) => l.expiresAt <= 0 && !l.isPaused)).toBe(true);
    expect(g.some((l) => l.isPremium && l.promotionStartAt! > 0)).toBe(true);
    expect(LISTINGS.filter((l) => l.ownerKey === 'marco').length).toBeGreaterThanOrEqual(2);
    const b = LISTINGS.filter((l) => l.ownerKey === 'bannato');
    expect(b.length).toBeGreaterThan(0);
    expect(b.every((l) => l.isPaused)).toBe(true);
  });
});

describe('demo accounts and credits', () => {
  it('has the documented accounts with fixed ids and roles', () => {
    const by = (k: string) => userByKey(k);
    expect(by('admin')).toMatchObject({ email: 'admin@incontri.local', role: 'admin', id: 'a0000000-0000-4000-8000-000000000001' });
    expect(by('supporto')).toMatchObject({ email: 'supporto@incontri.local', role: 'supporto' });
    expect(by('giulia')).toMatchObject({ email: 'giulia@incontri.local', role: 'user' });
    expect(by('marco')).toMatchObject({ email: 'marco@incontri.local', role: 'user', referredBy: 'giulia' });
    expect(by('bannato')).toMatchObject({ email: 'bannato@incontri.local', role: 'banned' });
    expect(new Set(USERS.map((u) => u.email.toLowerCase())).size).toBe(USERS.length);
  });

  it('hashes passwords with bcrypt, reproducibly', () => {
    const h = passwordHash('Giulia123!');
    expect(h).toBe(passwordHash('Giulia123!'));
    expect(h.startsWith('$2a$10$')).toBe(true);
    expect(bcrypt.compareSync('Giulia123!', h)).toBe(true);
    expect(bcrypt.compareSync('giulia123!', h)).toBe(false);
  });

  it('uses every transaction type and never lets a balance go negative', () => {
    const types = new Set(TRANSACTIONS.map((t) => t.type));
    for (const t of ['purchase', 'listing_creation', 'premium_upgrade', 'coupon_credit_add', 'referral_bonus']) expect(types).toContain(t);
    for (const u of USERS) {
      let balance = 0;
      for (const t of TRANSACTIONS.filter((x) => x.userId === u.id).sort((a, b) => a.at - b.at)) {
        balance += t.amount;
        expect(balance, `${u.email} at ${t.at}`).toBeGreaterThanOrEqual(0);
      }
      expect(balance).toBe(balanceOf(u.id));
    }
    expect(TRANSACTIONS.filter((t) => t.userId === userByKey('giulia').id).length).toBeGreaterThan(10); // two pages
    // one listing_creation per listing, charged to its owner
    for (const l of LISTINGS) {
      expect(TRANSACTIONS.filter((t) => t.type === 'listing_creation' && t.listingId === l.id && t.userId === l.userId)).toHaveLength(1);
    }
    // every purchase has its payment
    expect(PAYMENTS.length).toBe(TRANSACTIONS.filter((t) => t.type === 'purchase').length);
  });
});

describe('demo coupons', () => {
  it('shows giulia@ a coupon in every status, with every type and discount type', () => {
    const statuses = giuliaCouponStatuses();
    expect(new Set(Object.values(statuses))).toEqual(new Set(COUPON_STATUSES));
    expect(new Set(COUPONS.map((c) => c.type))).toEqual(new Set(['single_use', 'reusable']));
    expect(new Set(COUPONS.map((c) => c.discountType))).toEqual(new Set(['credits', 'percentage', 'flat_amount']));
    expect(couponStatusFor(COUPONS.find((c) => c.code === 'MARCOVIP')!, userByKey('marco').id)).toBe('used');
  });

  it('keeps uses consistent: used_coupons per redemption, one pending discount at most per user', () => {
    for (const u of USER_COUPONS) expect(USED_COUPONS.some((x) => x.userId === u.userId && x.couponId === u.couponId)).toBe(true);
    for (const c of COUPONS) if (c.maxUses !== null) expect(usageCount(c)).toBeLessThanOrEqual(c.maxUses);
    for (const u of USERS) {
      const pending = USER_COUPONS.filter((x) => x.userId === u.id && x.consumedAt === null);
      expect(pending.length).toBeLessThanOrEqual(1);
      for (const p of pending) expect(couponStatusFor(COUPONS.find((c) => c.id === p.couponId)!, u.id)).toBe('active');
    }
    expect(new Set(USER_COUPONS.map((u) => `${u.userId}/${u.couponId}`)).size).toBe(USER_COUPONS.length);
  });
});

describe('demo tickets, reports and notifications', () => {
  it('has tickets in every status, each with a thread in time order', () => {
    expect(new Set(TICKETS.map((t) => t.status))).toEqual(new Set(TICKET_STATUSES));
    for (const t of TICKETS) {
      expect(t.messages.length).toBeGreaterThan(0);
      expect(t.messages[0]!.authorRole).toBe('user');
      expect(t.lastRepliedBy).toBe(t.messages[t.messages.length - 1]!.authorRole);
      const times = t.messages.map((m) => m.at);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(t.updatedAt).toBeGreaterThanOrEqual(t.createdAt);
    }
    const roles = new Set(TICKETS.flatMap((t) => t.messages.map((m) => m.authorRole)));
    expect(roles).toEqual(new Set(['user', 'admin', 'supporto']));
  });

  it('has notifications read and unread, staff-wide and per user', () => {
    const staff = NOTIFICATIONS.filter((n) => n.userId === null);
    const users = NOTIFICATIONS.filter((n) => n.userId !== null);
    for (const group of [staff, users]) {
      expect(group.some((n) => n.isRead)).toBe(true);
      expect(group.some((n) => !n.isRead)).toBe(true);
    }
    const giulia = users.filter((n) => n.userId === userByKey('giulia').id);
    expect(giulia.some((n) => !n.isRead) && giulia.some((n) => n.isRead)).toBe(true);
    expect(new Set(NOTIFICATIONS.map((n) => n.type))).toEqual(
      new Set(['new_ticket', 'ticket_reply', 'ticket_resolved', 'new_report', 'referral_bonus', 'listing_expired', 'listing_expiring']),
    );
    expect(new Set(REPORTS.map((r) => r.status))).toEqual(new Set(['open', 'reviewed', 'dismissed']));
  });
});

describe('seed.sql', () => {
  it('is deterministic and the committed file is up to date (npx tsx scripts/gen-seed.ts)', () => {
    const sql = renderSeedSql();
    expect(renderSeedSql()).toBe(sql);
    const committed = readFileSync(resolve(process.cwd(), 'supabase/seed.sql'), 'utf8');
    expect(committed === sql, 'supabase/seed.sql is stale: run `npx tsx scripts/gen-seed.ts`').toBe(true);
  });

  it('writes times relative to now()', () => {
    expect(rel(0)).toBe('now()');
    expect(rel(-(3 * 1440 + 4 * 60 + 5))).toBe("now() - interval '3 days 4 hours 5 minutes'");
    expect(rel(60)).toBe("now() + interval '1 hour'");
    expect(intervalText(1)).toBe('1 minute');
    const sql = renderSeedSql();
    expect(sql).not.toMatch(/\b20\d\d-\d\d-\d\dT/); // no absolute timestamps
    expect(sql.startsWith('-- Demo data')).toBe(true);
    expect(sql.trimEnd().endsWith('commit;')).toBe(true);
  });
});

describe('demo photo art', () => {
  it('draws deterministic SVG pictures with the city name, rotating through every motif', () => {
    const l = LISTINGS[0]!;
    const a = artSvg({ listingId: l.id, index: 0, city: l.city, zone: l.zone });
    expect(artSvg({ listingId: l.id, index: 0, city: l.city, zone: l.zone })).toBe(a);
    expect(a).toContain('>Milano</text>');
    expect(a).toContain('BRERA');
    expect(a.startsWith('<svg')).toBe(true);
    expect(artSvg({ listingId: l.id, index: 1, city: l.city })).not.toBe(a);
    expect(new Set([0, 1, 2, 3, 4].map((i) => motifFor(l.id, i)))).toEqual(new Set(MOTIFS));
    expect(artSvg({ listingId: 'x', index: 0, city: 'A & <B>' })).toContain('A &amp; &lt;B&gt;');
  });
});

describe('demo photo files', () => {
  it('renders a square original and its 4:5 crop as JPEGs, each under a random key in the listing folder', async () => {
    const l = LISTINGS[0]!;
    const { original, cropped } = await renderPhoto({ listingId: l.id, index: 0, city: l.city, zone: l.zone });
    expect(await sharp(original).metadata()).toMatchObject({ format: 'jpeg', width: 1000, height: 1000 });
    expect(await sharp(cropped).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 1000 });
    const key = photoKey(l.userId, l.id);
    expect(key).toMatch(new RegExp(`^${l.userId}/${l.id}/[0-9a-f-]{36}\\.jpg$`));
    expect(photoKey(l.userId, l.id)).not.toBe(key);
  });
});

describe('demo statistics (issue 43)', () => {
  const giulia = LISTINGS.filter((l) => l.ownerKey === 'giulia');
  const of = (id: string) => STATS.filter((d) => d.listingId === id);

  it('covers past days only, while each listing was online, within the 30-day window', () => {
    for (const d of STATS) {
      const l = LISTINGS.find((x) => x.id === d.listingId)!;
      expect(d.daysAgo).toBeGreaterThanOrEqual(1);
      expect(d.daysAgo).toBeLessThanOrEqual(STATS_DAYS);
      expect(l.createdAt).toBeLessThan(-d.daysAgo * 24 * 60);
      expect(l.expiresAt).toBeGreaterThan(-d.daysAgo * 24 * 60);
      if (l.pausedAt !== null) expect(l.pausedAt).toBeGreaterThan(-d.daysAgo * 24 * 60);
      expect(d.calls + d.whatsapp + d.favourites).toBeLessThanOrEqual(d.views);
      expect(d.impressions).toBeGreaterThanOrEqual(d.views);
    }
    expect(new Set(STATS.map((d) => `${d.listingId}:${d.daysAgo}`)).size).toBe(STATS.length);
  });

  it("gives every one of giulia's listings that was online a history, one of nearly 30 days", () => {
    for (const l of giulia) if (l.createdAt < -2 * 24 * 60) expect(of(l.id).length, l.title).toBeGreaterThan(0);
    expect(Math.max(...giulia.map((l) => of(l.id).length))).toBeGreaterThanOrEqual(25);
    expect(of(giulia[0]!.id).every((d) => d.views > 0)).toBe(true);
  });

  it('counts more on the days a promotion ran', () => {
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const promoted = STATS.filter((d) => d.promoted);
    expect(promoted.length).toBeGreaterThan(5);
    expect(mean(promoted.map((d) => d.views))).toBeGreaterThan(1.8 * mean(STATS.filter((d) => !d.promoted).map((d) => d.views)));
    // A promoted day falls inside its listing's promotion.
    for (const d of promoted) {
      const l = LISTINGS.find((x) => x.id === d.listingId)!;
      expect(l.promotionStartAt! < -d.daysAgo * 24 * 60 + 12 * 60 && l.promotionEndAt! > -d.daysAgo * 24 * 60 - 12 * 60).toBe(true);
    }
  });

  it('is written into seed.sql as days counted back from the load, Italian days', () => {
    const sql = renderSeedSql();
    expect(sql).toContain('insert into public.listing_stats_daily');
    expect(sql).toContain("((now() - make_interval(days => v.days_ago)) at time zone 'Europe/Rome')::date");
    const d = STATS[0]!;
    expect(sql).toContain(`('${d.listingId}', ${d.daysAgo}, ${d.views}, ${d.calls}, ${d.whatsapp}, ${d.favourites}, ${d.impressions}, ${d.promoted})`);
  });
});
