import { describe, expect, it } from 'vitest';
import { emptyRecord, installWay, isIosSafari, parseRecord, shouldInvite } from './installModel.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const IOS_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const now = new Date('2026-11-24T10:00:00Z');
const go = { way: 'prompt' as const, standalone: false, viewsThisVisit: 3, now };

describe('install invitation', () => {
  it('knows iPhone and iPad Safari, not other iOS browsers nor Android', () => {
    expect(isIosSafari(IPHONE, 5)).toBe(true);
    expect(isIosSafari(IPAD, 5)).toBe(true);
    expect(isIosSafari(IPAD, 0)).toBe(false); // a Mac
    expect(isIosSafari(IOS_CHROME, 5)).toBe(false);
    expect(isIosSafari(ANDROID, 5)).toBe(false);
    expect(installWay({ promptCaptured: true, userAgent: ANDROID, maxTouchPoints: 5 })).toBe('prompt');
    expect(installWay({ promptCaptured: false, userAgent: IPHONE, maxTouchPoints: 5 })).toBe('ios');
    expect(installWay({ promptCaptured: false, userAgent: ANDROID, maxTouchPoints: 5 })).toBe('none');
  });

  it('waits for the third page or a real use, never on the first screen', () => {
    expect(shouldInvite({ ...emptyRecord, views: 2 }, go)).toBe(false);
    expect(shouldInvite({ ...emptyRecord, views: 3 }, go)).toBe(true);
    expect(shouldInvite({ ...emptyRecord, views: 1, engaged: true }, { ...go, viewsThisVisit: 2 })).toBe(true);
    expect(shouldInvite({ ...emptyRecord, views: 9, engaged: true }, { ...go, viewsThisVisit: 1 })).toBe(false);
  });

  it('never when installed or not installable, and not for 30 days after Non ora', () => {
    const r = { ...emptyRecord, views: 5 };
    expect(shouldInvite(r, { ...go, standalone: true })).toBe(false);
    expect(shouldInvite(r, { ...go, way: 'none' })).toBe(false);
    expect(shouldInvite({ ...r, dismissedAt: '2026-11-01T10:00:00Z' }, go)).toBe(false);
    expect(shouldInvite({ ...r, dismissedAt: '2026-10-24T09:00:00Z' }, go)).toBe(true);
  });

  it('reads a damaged record as empty', () => {
    expect(parseRecord(null)).toEqual(emptyRecord);
    expect(parseRecord('{')).toEqual(emptyRecord);
    expect(parseRecord('{"views":-2,"engaged":"yes","dismissedAt":"ieri"}')).toEqual(emptyRecord);
    expect(parseRecord('{"views":4,"engaged":true,"dismissedAt":"2026-11-01T10:00:00Z"}')).toEqual({ views: 4, engaged: true, dismissedAt: '2026-11-01T10:00:00Z' });
  });
});
