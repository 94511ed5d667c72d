import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const db = vi.hoisted(() => ({ insert: vi.fn(), update: vi.fn(), updated: vi.fn(), eq: vi.fn() }));
vi.mock('@/lib/supabase.ts', () => ({
  supabase: {
    auth: { getSession: async () => ({ data: { session: { user: { id: 'u1' } } } }) },
    from: () => ({
      insert: db.insert,
      update: (keys: unknown) => (db.update(keys), { eq: () => ({ select: db.updated }) }),
      delete: () => ({ eq: db.eq }),
    }),
  },
}));
vi.mock('@/lib/env.ts', () => ({ VAPID_PUBLIC_KEY: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuOkr5mX5bzqSLDi3f2tP8k3Rg' }));

const { PUSH_TIMEOUT_MS, subscribePush, unsubscribePush } = await import('./pushSubscription.ts');

const pushManager = { getSubscription: vi.fn(), subscribe: vi.fn() };
const never = () => new Promise<never>(() => undefined);
const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  toJSON: () => ({ keys: { p256dh: 'key', auth: 'secret' } }),
  unsubscribe: vi.fn(),
};

describe('subscribePush', () => {
  beforeEach(() => {
    for (const f of [...Object.values(db), pushManager.getSubscription, pushManager.subscribe, subscription.unsubscribe]) f.mockReset();
    db.insert.mockResolvedValue({ error: null });
    db.eq.mockResolvedValue({ error: null });
    pushManager.getSubscription.mockResolvedValue(null);
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() });
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => ({ pushManager }) } });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('stores a subscription the push service gives in time', async () => {
    pushManager.subscribe.mockResolvedValue(subscription);
    expect(await subscribePush()).toBe('subscribed');
    expect(db.insert).toHaveBeenCalledWith(expect.objectContaining({ user_id: 'u1', endpoint: subscription.endpoint, p256dh: 'key', auth: 'secret' }));
  });

  it('refreshes the keys of a subscription stored before, updating only the columns the client may update', async () => {
    pushManager.getSubscription.mockResolvedValue(subscription);
    db.insert.mockResolvedValue({ error: { code: '23505', message: 'duplicate key' } });
    db.updated.mockResolvedValue({ data: [{ id: 's1' }], error: null });
    expect(await subscribePush()).toBe('subscribed');
    expect(db.update).toHaveBeenCalledWith({ p256dh: 'key', auth: 'secret', user_agent: expect.any(String) });
    // Another account's endpoint (RLS hides it: nothing updated) is not this user's subscription.
    db.updated.mockResolvedValue({ data: [], error: null });
    expect(await subscribePush()).toBe('error');
  });

  it('gives up after PUSH_TIMEOUT_MS when the push service does not answer: unreachable, not pending for ever', async () => {
    vi.useFakeTimers();
    pushManager.subscribe.mockReturnValue(never());
    let result: string | undefined;
    void subscribePush().then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(PUSH_TIMEOUT_MS - 1);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBe('unreachable');
    expect(db.insert).not.toHaveBeenCalled();
  });

  it('a service worker that never gets ready times out the same way', async () => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => undefined, ready: never() } });
    const result = subscribePush();
    await vi.advanceTimersByTimeAsync(PUSH_TIMEOUT_MS);
    expect(await result).toBe('unreachable');
  });

  it("reads Chromium's refusals: a push service it cannot reach is unreachable, a blocked permission denied", async () => {
    const cases: [DOMException | Error, string][] = [
      [new DOMException('Registration failed - push service error', 'AbortError'), 'unreachable'],
      [new DOMException('Registration failed - push service not available', 'AbortError'), 'unreachable'],
      [new DOMException('Registration failed - permission denied', 'AbortError'), 'denied'],
      [new DOMException('Permission denied.', 'NotAllowedError'), 'denied'],
      [new Error('something else'), 'error'],
    ];
    for (const [err, expected] of cases) {
      pushManager.subscribe.mockRejectedValueOnce(err);
      expect(await subscribePush(), err.message).toBe(expected);
    }
  });

  it('answers denied without asking the push service when the user refuses the permission', async () => {
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: async () => 'denied' });
    expect(await subscribePush()).toBe('denied');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('unsubscribing gives up too when the push service does not answer', async () => {
    vi.useFakeTimers();
    pushManager.getSubscription.mockResolvedValue(subscription);
    subscription.unsubscribe.mockReturnValue(never());
    const result = unsubscribePush();
    await vi.advanceTimersByTimeAsync(PUSH_TIMEOUT_MS);
    expect(await result).toBe('error');
  });
});
