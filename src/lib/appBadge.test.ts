import { describe, expect, it, vi } from 'vitest';
import { showAppBadge } from './appBadge.ts';

describe('showAppBadge', () => {
  it('sets the count, clears at 0, and does nothing where the API is missing', () => {
    const nav = { setAppBadge: vi.fn(() => Promise.resolve()), clearAppBadge: vi.fn(() => Promise.resolve()) };
    showAppBadge(3, nav);
    expect(nav.setAppBadge).toHaveBeenCalledWith(3);
    showAppBadge(0, nav);
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(1);
    expect(() => showAppBadge(2, {})).not.toThrow();
  });
  it('swallows a refusal', async () => {
    const nav = { setAppBadge: vi.fn(() => Promise.reject(new Error('NotAllowedError'))) };
    showAppBadge(1, nav);
    await Promise.resolve();
    expect(nav.setAppBadge).toHaveBeenCalled();
  });
});
