import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Switch, Text } from '@mantine/core';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { pushSupported, type PushResult } from '@/pwa/pushSubscription.ts';
import { pushDeviceQuery, useSetPushSubscription, useUpdateProfile } from '../queries.ts';
import { SettingsSection } from './SettingsSection.tsx';

const m = t.profile.settings;

/** Why the push switch could not be turned on (or off), as the catalogue words it. */
function pushProblem(result: PushResult): string {
  if (result === 'unsupported') return m.pushUnsupported;
  if (result === 'denied') return m.pushDenied;
  if (result === 'not-configured') return m.pushNotConfigured;
  return m.pushFailed;
}

/**
 * 'Notifiche push': the switch shows whether this device holds a push subscription, not the
 * profile's flag; the flag is saved after the browser has done what was asked.
 */
export function PushSection({ userId }: { userId: string }) {
  const [supported] = useState(pushSupported);
  const device = useQuery(pushDeviceQuery(supported));
  const [problem, setProblem] = useState<string | undefined>(supported ? undefined : m.pushUnsupported);
  const setSubscription = useSetPushSubscription();
  const save = useUpdateProfile(userId);

  const toggle = (on: boolean) => {
    setProblem(undefined);
    setSubscription.mutate(on, {
      onSuccess: (result) => {
        // Unsupported browser, permission denied, …: the switch keeps its state.
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

  return (
    <SettingsSection title={m.pushSection}>
      <Switch
        label={m.pushLabel}
        checked={device.data ?? false}
        disabled={setSubscription.isPending || save.isPending}
        aria-describedby={problem ? 'push-message' : undefined}
        onChange={(e) => toggle(e.currentTarget.checked)}
      />
      <Text id="push-message" size="sm" c="red.8" role="status" hidden={!problem}>
        {problem}
      </Text>
    </SettingsSection>
  );
}
