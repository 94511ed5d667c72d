import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY } from '@/lib/authStorage.ts';
import { FLUSH_DELAY_MS, flushStats, trackStats } from './events.ts';
import { STATS_DEVICE_KEY } from './send.ts';

// The app's outbox is played by a spy: what it is given is this test's business, its replay is not (src/lib/outbox).
const outbox = vi.hoisted(() => ({ enqueue: vi.fn() }));
vi.mock('@/lib/outbox/enqueue.ts', () => outbox);

const bodies = (spy: ReturnType<typeof vi.fn>) =>
  spy.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string) as { p_device: string; p_events: { type: string; listing: string }[] });

describe('stats events', () => {
  let fetchSpy: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    fetchSpy = vi.fn(() => Promise.resolve(new Response('1')));
    vi.stubGlobal('fetch', fetchSpy);
    localStorage.clear();
  });
  afterEach(() => {
    flushStats();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('batches in the background: nothing until the delay, then one keepalive request', () => {
    trackStats('view', 'a');
    trackStats('impression', ['b', 'c']);
    expect(fetchSpy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/rest\/v1\/rpc\/record_listing_events$/);
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(bodies(fetchSpy)[0]!.p_events).toEqual([
      { type: 'view', listing: 'a' },
      { type: 'impression', listing: 'b' },
      { type: 'impression', listing: 'c' },
    ]);
  });

  it('one random device id, kept; batches of at most 50; sent when the page is hidden', () => {
    // A full batch sends everything waiting, 50 a request.
    trackStats('impression', Array.from({ length: 120 }, (_, i) => `l${i}`));
    expect(bodies(fetchSpy).map((b) => b.p_events.length)).toEqual([50, 50, 20]);
    trackStats('view', ['x', 'y']);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(bodies(fetchSpy).map((b) => b.p_events.length)).toEqual([50, 50, 20, 2]);
    const devices = new Set(bodies(fetchSpy).map((b) => b.p_device));
    expect([...devices]).toEqual([localStorage.getItem(STATS_DEVICE_KEY)]);
    expect([...devices][0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the session token while it is valid (so the owner is not counted), else the anon key', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ access_token: 'user-token', expires_at: Date.now() / 1000 + 3600 }));
    trackStats('view', 'a');
    flushStats();
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ access_token: 'old-token', expires_at: Date.now() / 1000 - 5 }));
    trackStats('view', 'a');
    flushStats();
    const auth = fetchSpy.mock.calls.map(([, init]) => ((init as RequestInit).headers as Record<string, string>).Authorization);
    expect(auth[0]).toBe('Bearer user-token');
    expect(auth[1]).not.toContain('old-token');
  });

  it('a failed request is dropped quietly', async () => {
    fetchSpy.mockImplementation(() => Promise.reject(new TypeError('offline')));
    trackStats('call', 'a');
    expect(() => flushStats()).not.toThrow();
    await vi.runAllTimersAsync();
  });
});

describe('stats events: page tokens and the offline outbox (issue 41)', () => {
  let fetchSpy: ReturnType<typeof vi.fn>;
  const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
  const token = (day = today()) => `${day}.${'a'.repeat(32)}.a.${'b'.repeat(32)}`;
  beforeEach(() => {
    fetchSpy = vi.fn(() => Promise.resolve(new Response('1')));
    vi.stubGlobal('fetch', fetchSpy);
    localStorage.clear();
    setOnline(true);
  });
  afterEach(() => {
    setOnline(true);
    vi.unstubAllGlobals();
  });

  it("a view carries its page's token; the listing's contacts and favourites carry it too, search appearances none", () => {
    const t = token();
    trackStats('view', 'p1', t);
    trackStats('whatsapp', 'p1');
    trackStats('favourite', 'p1');
    trackStats('call', 'p2');
    trackStats('impression', 'p1');
    flushStats();
    expect(bodies(fetchSpy)[0]!.p_events).toEqual([
      { type: 'view', listing: 'p1', token: t },
      { type: 'whatsapp', listing: 'p1', token: t },
      { type: 'favourite', listing: 'p1', token: t },
      { type: 'call', listing: 'p2' },
      { type: 'impression', listing: 'p1' },
    ]);
  });

  it("offline nothing is sent: the page events go to the outbox as one batch with their token; an expired day's are left out", async () => {
    outbox.enqueue.mockReset().mockResolvedValue(undefined);
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ access_token: 'user-token', user: { id: 'u1' } }));
    setOnline(false);
    const t = token();
    trackStats('view', 'o1', t);
    trackStats('view', 'o2', token('2000-01-01'));
    trackStats('impression', 'o3');
    flushStats();
    await vi.waitFor(() => expect(outbox.enqueue).toHaveBeenCalledTimes(1));
    expect(outbox.enqueue).toHaveBeenCalledWith('statsBatch', { device: localStorage.getItem(STATS_DEVICE_KEY), events: [{ type: 'view', listing: 'o1', token: t }] }, { userId: 'u1' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
