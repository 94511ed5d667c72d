import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { pushSupported, type PushResult } from '@/pwa/pushSubscription.ts';
import { pushDeviceQuery, useSetPushSubscription, useUpdateProfile } from '../queries.ts';

const m = t.profile.settings;

/** Why push could not be turned on (or off), as the catalogue words it. */
export function pushProblem(result: PushResult): string {
  if (result === 'unsupported') return m.pushUnsupported;
  if (result === 'denied') return m.pushDenied;
  if (result === 'unreachable') return m.pushUnreachable;
  if (result === 'not-configured') return m.pushNotConfigured;
  return m.pushFailed;
}

/**
 * Web push on this device, as /profile-settings' switch and the push invite turn it on or off:
 * the browser's subscription first, then the profile's flag. `subscribed` is the device's state
 * (undefined until the browser has answered); a refusal, a push service that does not answer or
 * an error becomes `problem`, an Italian message, and `pending` ends with it.
 */
export function usePushSwitch(userId: string) {
  const [supported] = useState(pushSupported);
  const device = useQuery(pushDeviceQuery(supported));
  const [problem, setProblem] = useState<string | undefined>(supported ? undefined : m.pushUnsupported);
  const setSubscription = useSetPushSubscription();
  const save = useUpdateProfile(userId);

  const set = (on: boolean) => {
    setProblem(undefined);
    setSubscription.mutate(on, {
      onSuccess: (result) => {
        // Unsupported browser, permission denied, push service unreachable, …: the device keeps its state.
        if (result !== (on ? 'subscribed' : 'unsubscribed')) return setProblem(pushProblem(result));
        save.mutate(
          { push_enabled: on },
          {
            onSuccess: () => toastSuccess(on ? m.pushEnabled : m.pushDisabled),
            onError: (err) => toastError(failureMessage(err, m.saveFailed)),
          },
        );
      },
      onError: () => setProblem(m.pushFailed),
    });
  };

  return { supported, subscribed: device.data, pending: setSubscription.isPending || save.isPending, problem, set };
}
