import { useContext, useState } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { Button, Group, Paper, Text, type MantineSpacing } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { queryClient } from '@/lib/queryClient.ts';
import { usePushSwitch } from '@/features/profile/signed-in.ts';
import { showPushInvite } from '../model.ts';

const m = t.pushInvite;

/** Set once 'No, grazie' is answered: the invite does not come back on this device. */
export const PUSH_INVITE_DISMISSED_KEY = 'incontri-push-invite-dismissed';

function readDismissed(): boolean {
  try {
    return localStorage.getItem(PUSH_INVITE_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

function storeDismissed() {
  try {
    localStorage.setItem(PUSH_INVITE_DISMISSED_KEY, new Date().toISOString());
  } catch {
    /* storage blocked: the invite is gone for this visit only */
  }
}

const permission = () => (typeof Notification === 'undefined' ? 'default' : Notification.permission);

type Reason = 'ticket' | 'savedSearch';

/**
 * The invitation to web push where it matters: just after a ticket is opened (to hear when staff
 * reply) and while a search is saved with alerts. 'Attiva notifiche' runs the settings' switch
 * (usePushSwitch); a failure is said here in Italian, and the invite stays until push is on or
 * it is declined.
 */
export function PushInvite(props: { userId: string; reason: Reason; mb?: MantineSpacing }) {
  // The save-search dialog opens on /search, a visitor's screen without the query cache around it.
  const cache = useContext(QueryClientContext);
  if (cache) return <Invite {...props} />;
  return (
    <QueryClientProvider client={queryClient}>
      <Invite {...props} />
    </QueryClientProvider>
  );
}

function Invite({ userId, reason, mb }: { userId: string; reason: Reason; mb?: MantineSpacing }) {
  const push = usePushSwitch(userId);
  const [dismissed, setDismissed] = useState(readDismissed);
  const [tried, setTried] = useState(false);
  if (!showPushInvite({ supported: push.supported, permission: permission(), subscribed: push.subscribed, dismissed, tried })) return null;

  const copy = m[reason];
  const titleId = `push-invite-${reason}`;
  const enable = () => {
    setTried(true);
    push.set(true);
  };
  const dismiss = () => {
    storeDismissed();
    setDismissed(true);
  };
  return (
    <Paper withBorder p="sm" radius="md" mb={mb} role="region" aria-labelledby={titleId} data-testid="push-invite">
      <Text fw={700} id={titleId}>
        {copy.title}
      </Text>
      <Text size="sm" c="gray.7" mt={4}>
        {copy.text}
      </Text>
      {push.problem && (
        <Text size="sm" c="red.8" role="alert" mt="xs">
          {push.problem}
        </Text>
      )}
      <Group justify="flex-end" gap="xs" mt="sm">
        <Button variant="default" size="xs" onClick={dismiss} disabled={push.pending}>
          {m.dismiss}
        </Button>
        {/* Light: beside a form (the save dialog) its own button stays the one to press. */}
        <Button variant="light" size="xs" onClick={enable} loading={push.pending}>
          {m.enable}
        </Button>
      </Group>
    </Paper>
  );
}
