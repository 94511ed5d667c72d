/**
 * The installed app's icon badge (Badging API): the unread count, or nothing at 0. Where the
 * API is missing (Firefox, Safari tabs) or refuses (not installed), nothing happens.
 */
interface BadgeNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

export function showAppBadge(count: number, nav: BadgeNavigator = (typeof navigator === 'undefined' ? {} : navigator)): void {
  const call = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
  void call?.catch(() => undefined);
}
