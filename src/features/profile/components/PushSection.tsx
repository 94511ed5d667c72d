import { Switch, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { usePushSwitch } from '../hooks/usePushSwitch.ts';
import { SettingsSection } from './SettingsSection.tsx';

const m = t.profile.settings;

/**
 * 'Notifiche push': the switch shows whether this device holds a push subscription, not the
 * profile's flag; the flag is saved after the browser has done what was asked. A failure
 * (a refusal, a push service that does not answer) is said under the switch.
 */
export function PushSection({ userId }: { userId: string }) {
  const { subscribed, pending, problem, set } = usePushSwitch(userId);

  return (
    <SettingsSection title={m.pushSection}>
      <Switch
        label={m.pushLabel}
        checked={subscribed ?? false}
        disabled={pending}
        aria-describedby={problem ? 'push-message' : undefined}
        onChange={(e) => set(e.currentTarget.checked)}
      />
      <Text id="push-message" size="sm" c="red.8" role="status" hidden={!problem}>
        {problem}
      </Text>
    </SettingsSection>
  );
}
