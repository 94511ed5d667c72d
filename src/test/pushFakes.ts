/**
 * Stand-ins for what turns web push on, for the unit tests of the settings' switch and the push
 * invite: the browser's subscription (src/pwa/pushSubscription.ts) and the profile's calls
 * (src/features/profile/api.ts). Mock those modules with `push` and `profileApi`.
 */
import { vi } from 'vitest';

export const push = { pushSupported: vi.fn(), isPushSubscribed: vi.fn(), subscribePush: vi.fn(), unsubscribePush: vi.fn() };
export const profileApi = { fetchOwnProfile: vi.fn(), updateOwnProfile: vi.fn(), deleteMyAccount: vi.fn(), exportMyData: vi.fn() };

/** Fresh fakes: a browser with push, this device not subscribed, the profile saved. */
export function resetPushFakes() {
  for (const f of [...Object.values(push), ...Object.values(profileApi)]) f.mockReset();
  push.pushSupported.mockReturnValue(true);
  push.isPushSubscribed.mockResolvedValue(false);
  profileApi.updateOwnProfile.mockResolvedValue(undefined);
}
