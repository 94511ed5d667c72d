/** The profile's server state: the own profile query and the settings' mutations over api.ts. */
import { queryOptions, skipToken, useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { signOutEverywhere, updateEmail } from '@/features/auth/index.ts';
import { isPushSubscribed, subscribePush, unsubscribePush } from '@/pwa/pushSubscription.ts';
import { deleteMyAccount, exportMyData, fetchOwnProfile, updateOwnProfile } from './api.ts';

export const profileKeys = {
  all: ['profile'] as const,
  own: (userId: string | undefined) => [...profileKeys.all, 'own', userId] as const,
  /** Whether this device holds a push subscription: the browser's state, not the server's. */
  pushDevice: ['push-subscription'] as const,
};

/** The viewer's own profile row; waits (skipToken) while there is no viewer. */
export const ownProfileQuery = (user: { id: string } | null) =>
  queryOptions({ queryKey: profileKeys.own(user?.id), queryFn: user ? () => fetchOwnProfile(user.id) : skipToken });

/** The device's push subscription, read from the browser: it is known offline too. */
export const pushDeviceQuery = (supported: boolean) =>
  queryOptions({ queryKey: profileKeys.pushDevice, queryFn: supported ? isPushSubscribed : skipToken, networkMode: 'always' });

type ProfilePatch = Parameters<typeof updateOwnProfile>[1];

/** Saves part of the own profile; the profile is stale afterwards. */
export function useUpdateProfile(userId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProfilePatch) => updateOwnProfile(userId, patch),
    onSuccess: () => queries.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

/**
 * Subscribes this device to push (or unsubscribes it) and answers the browser's result. The
 * switch follows the device only when the browser did what was asked.
 */
export function useSetPushSubscription() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => (on ? subscribePush() : unsubscribePush()),
    // The browser's state is local: it changes even without a connection to the server.
    networkMode: 'always',
    onSuccess: (result, on) => {
      if (result === (on ? 'subscribed' : 'unsubscribed')) queries.setQueryData(profileKeys.pushDevice, on);
    },
  });
}

/** Asks for a new e-mail; it changes (and the profile with it) once the link is confirmed. */
export function useChangeEmail() {
  return useMutation({ mutationFn: (email: string) => updateEmail(email) });
}

/** The caller's data as one JSON document. */
export function useExportData() {
  return useMutation({ mutationFn: exportMyData });
}

/**
 * Deletes the account, then signs out on every device (a failed sign-out leaves nothing to
 * protect). The sign-out takes the settings screen away before the answer arrives, so the
 * caller's handlers go on the mutation itself, which runs them after the screen is gone.
 */
export function useDeleteAccount(handlers: Pick<UseMutationOptions, 'onSuccess' | 'onError'>) {
  return useMutation({
    ...handlers,
    mutationFn: async () => {
      await deleteMyAccount();
      await signOutEverywhere().catch(() => undefined);
    },
  });
}
