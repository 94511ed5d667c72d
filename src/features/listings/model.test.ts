import { describe, expect, it } from 'vitest';
import { t } from '@/lib/catalogue/index.ts';
import {
  ATTRIBUTE_KEYS,
  attributeBadges,
  availableNow,
  availableNowBadge,
  dateBadge,
  detailFields,
  formatMinutesLeft,
  timeLeftUntil,
  pendingBadge,
  formatListingDate,
  isHeld,
  label,
  photoLimit,
  promotionState,
  stateBadges,
  telUrl,
  visiblePhotos,
  whatsappUrl,
  type Listing,
  type ListingPhoto,
} from './model.ts';
import { makeTestListing } from '@/test/listing.ts';

const now = new Date('2026-11-22T12:00:00Z');
const iso = (h: number) => new Date(now.getTime() + h * 3600_000).toISOString();

const listing = (over: Partial<Listing> = {}): Listing =>
  makeTestListing({ created_at: iso(-48), expires_at: iso(24 * 20), ...over });

const detailFieldKeys = [...ATTRIBUTE_KEYS, 'offered_services'] as const;

const photos = (n: number): ListingPhoto[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i}`, url: `/p${i}.jpg`, is_primary: i === n - 1, created_at: iso(-10 + i) }));

describe('detailFields', () => {
  it("lists only what has values, so a listing with none shows no 'Caratteristiche' (issue 43)", () => {
    const none = { ...listing(), ...Object.fromEntries(detailFieldKeys.map((k) => [k, []])), ethnicity: null };
    expect(detailFields(none)).toEqual([]);
    expect(detailFields({ ...none, nationality: ['italiana'], offered_services: ['massaggio'] })).toEqual(['nationality', 'offered_services']);
  });
});

describe('promotionState', () => {
  it('is active when premium, start <= now <= end and not paused', () => {
    expect(promotionState(listing({ is_premium: true, promotion_start_at: iso(-1), promotion_end_at: iso(1) }), now)).toBe('active');
  });
  it('includes both bounds', () => {
    expect(promotionState(listing({ is_premium: true, promotion_start_at: now.toISOString(), promotion_end_at: iso(1) }), now)).toBe('active');
    expect(promotionState(listing({ is_premium: true, promotion_start_at: iso(-1), promotion_end_at: now.toISOString() }), now)).toBe('active');
  });
  it('is pending when the start is in the future', () => {
    expect(promotionState(listing({ is_premium: true, promotion_start_at: iso(2), promotion_end_at: iso(5) }), now)).toBe('pending');
  });
  it('is base when paused, not premium or ended', () => {
    expect(promotionState(listing({ is_premium: true, is_paused: true, promotion_start_at: iso(-1), promotion_end_at: iso(1) }), now)).toBe('base');
    expect(promotionState(listing({ is_premium: true, is_paused: true, promotion_start_at: iso(1), promotion_end_at: iso(3) }), now)).toBe('base');
    expect(promotionState(listing({ is_premium: false, promotion_start_at: iso(-1), promotion_end_at: iso(1) }), now)).toBe('base');
    expect(promotionState(listing({ is_premium: true, promotion_start_at: iso(-5), promotion_end_at: iso(-1) }), now)).toBe('base');
  });
});

describe('photos', () => {
  it('active premium shows up to 5, primary first then oldest', () => {
    const l = listing({ is_premium: true, promotion_start_at: iso(-1), promotion_end_at: iso(1), photos: photos(6) });
    expect(photoLimit(l, now)).toBe(5);
    const v = visiblePhotos(l, now);
    expect(v).toHaveLength(5);
    expect(v[0]!.id).toBe('p5');
    expect(v[1]!.id).toBe('p0');
  });
  it('base and pending listings show only the first photo', () => {
    expect(visiblePhotos(listing({ photos: photos(5) }), now).map((p) => p.id)).toEqual(['p4']);
    expect(visiblePhotos(listing({ is_premium: true, promotion_start_at: iso(1), promotion_end_at: iso(2), photos: photos(5) }), now)).toHaveLength(1);
  });
  it('no photos gives none', () => {
    expect(visiblePhotos(listing(), now)).toEqual([]);
  });
});

describe('labels and badges', () => {
  it('maps slugs to the Italian labels', () => {
    expect(label('category', 'donne')).toBe('Donne');
    expect(label('meeting_location', 'mio-domicilio')).toBe('Mio domicilio');
    expect(label('offered_services', 'girlfriend-experience')).toBe('Girlfriend experience');
    expect(label('eye_color', 'nocciola')).toBe('Nocciola');
    expect(label('nationality', 'sconosciuta-x')).toBe('Sconosciuta x');
  });
  it('lists every attribute, the rate in €/h and the services', () => {
    const b = attributeBadges(
      listing({ ethnicity: ['latina'], hair_color: ['mora'], meeting_type: ['cena'], availability_for: ['sera'], hourly_rate: 150, offered_services: ['69'] }),
    );
    expect(b.map((x) => x.label)).toEqual(['Latina', 'Mora', 'Cena', 'Sera', t.listings.card.ratePerHour('150'), '69']);
    expect(t.listings.card.ratePerHour('150')).toBe('150 €/h');
    expect(attributeBadges(listing({ hourly_rate: 99.5 })).at(-1)!.label).toBe('99,50 €/h');
  });
});

describe('dates', () => {
  it('formats listing dates dd MMMM yyyy in Italian (Europe/Rome)', () => {
    expect(formatListingDate('2026-12-01T23:30:00Z')).toBe('02 dicembre 2026');
    expect(formatListingDate('2026-03-05T10:00:00Z', true)).toBe('05 marzo');
  });
  it('uses the expiry badge when there is one, otherwise publication', () => {
    expect(dateBadge({ expires_at: '2026-12-01T10:00:00Z', created_at: '2026-11-01T10:00:00Z' })?.prefix).toBe('Scade il:');
    expect(dateBadge({ expires_at: null, created_at: '2026-11-01T10:00:00Z' })).toEqual({ prefix: 'Pubblicato il:', date: '01 novembre 2026' });
  });
  it("shows no expiry on a listing staff refused (issue 43): 'Scade il' only while it waits or is public", () => {
    const dates = { expires_at: '2026-12-31T10:00:00Z', created_at: '2026-11-01T10:00:00Z' };
    expect(dateBadge({ ...dates, review_status: 'rejected' })).toBeNull();
    expect(dateBadge({ ...dates, review_status: 'rejected' }, true)).toBeNull();
    expect(dateBadge({ ...dates, review_status: 'pending' })?.prefix).toBe('Scade il:');
    expect(dateBadge({ ...dates, review_status: 'approved' })).toEqual({ prefix: 'Scade il:', date: '31 dicembre 2026' });
  });
});

describe('phone', () => {
  it('builds tel: and WhatsApp links', () => {
    expect(telUrl('333 1234567')).toBe('tel:+393331234567');
    expect(whatsappUrl('333 1234567')).toBe('https://wa.me/393331234567');
    expect(whatsappUrl('0041 79 1234567', 'Ciao')).toBe('https://wa.me/41791234567?text=Ciao');
    expect(whatsappUrl('+41 79 1234567')).toBe('https://wa.me/41791234567');
    expect(whatsappUrl('')).toBeNull();
  });
});

describe("'Disponibile ora' and 'In Attesa' badges (issue 27)", () => {
  it('shows while the end is ahead, to the minute, and never after it (an offline copy too)', () => {
    const l = listing({ available_until: iso(1.5) });
    expect(availableNow(l, now)).toEqual({ minutesLeft: 90 });
    expect(availableNowBadge(l, false, now)).toBe('Disponibile ora');
    expect(availableNowBadge(l, true, now)).toBe('Disponibile ora · ancora 1 ora e 30 minuti');
    // One second before the end: still one minute left; at the end and after it: gone.
    expect(availableNow(listing({ available_until: iso(-1 / 3600 + 1 / 3600) }), now)).toBeNull();
    expect(availableNow(listing({ available_until: new Date(now.getTime() + 1000).toISOString() }), now)).toEqual({ minutesLeft: 1 });
    expect(availableNowBadge(listing({ available_until: iso(-0.5) }), true, now)).toBeNull();
    expect(availableNowBadge(listing({ available_until: null }), true, now)).toBeNull();
    expect(availableNowBadge(listing({ available_until: iso(1), is_paused: true }), true, now)).toBeNull();
  });

  it('writes the time left in words, hours and minutes (issue 43)', () => {
    expect(formatMinutesLeft(60)).toBe('1 ora');
    expect(formatMinutesLeft(120)).toBe('2 ore');
    expect(formatMinutesLeft(1)).toBe('1 minuto');
    expect(formatMinutesLeft(59)).toBe('59 minuti');
    expect(formatMinutesLeft(61)).toBe('1 ora e 1 minuto');
    expect(formatMinutesLeft(80)).toBe('1 ora e 20 minuti');
    expect(formatMinutesLeft(119)).toBe('1 ora e 59 minuti');
    expect(formatMinutesLeft(150)).toBe('2 ore e 30 minuti');
    // Up to the next minute, never negative (the toast after switching it on).
    expect(timeLeftUntil(new Date(now.getTime() + 2 * 3_600_000).toISOString(), now)).toBe('2 ore');
    expect(timeLeftUntil(new Date(now.getTime() + 119 * 60_000 - 500).toISOString(), now)).toBe('1 ora e 59 minuti');
    expect(timeLeftUntil(new Date(now.getTime() - 60_000).toISOString(), now)).toBe('0 minuti');
  });

  it("gives 'In Attesa' the promotion's start on Italy's clock", () => {
    // 21:00 UTC in November is 22:00 in Rome (CET); in July 20:00 UTC is 22:00 (CEST).
    expect(pendingBadge({ promotion_start_at: '2026-11-23T21:00:00Z' })).toBe('In Attesa · dal 23 novembre, 22:00');
    expect(pendingBadge({ promotion_start_at: '2026-07-02T20:00:00Z' })).toBe('In Attesa · dal 02 luglio, 22:00');
    expect(pendingBadge({ promotion_start_at: null })).toBe('In Attesa');
  });

  it("shows the scheduled promotion to the owner only: visitors see 'Disponibile ora', never 'In Attesa' (issue 43)", () => {
    const l = listing({ is_premium: true, promotion_start_at: '2026-12-04T20:00:00Z', promotion_end_at: '2026-12-11T20:00:00Z', available_until: iso(2) });
    expect(stateBadges(l, false, now)).toEqual([{ kind: 'available', label: 'Disponibile ora' }]);
    expect(stateBadges(l, true, now)).toEqual([
      { kind: 'pending', label: 'In Attesa · dal 04 dicembre, 21:00' },
      { kind: 'available', label: 'Disponibile ora · ancora 2 ore' },
    ]);
    // A running promotion is public ('Hot'), for both; a paused listing says so.
    const hot = listing({ is_premium: true, promotion_start_at: iso(-1), promotion_end_at: iso(24) });
    expect(stateBadges(hot, false, now).map((b) => b.kind)).toEqual(['hot']);
    expect(stateBadges(listing({ is_paused: true }), false, now)).toEqual([{ kind: 'paused', label: 'In Pausa' }]);
  });
});

describe('isHeld', () => {
  it('holds a waiting or refused listing, never an approved one or a visitor\'s row (no status)', () => {
    const l = makeTestListing();
    expect(isHeld({ ...l, review_status: 'pending' })).toBe(true);
    expect(isHeld({ ...l, review_status: 'rejected' })).toBe(true);
    expect(isHeld({ ...l, review_status: 'approved' })).toBe(false);
    expect(isHeld(l)).toBe(false);
  });
});
