import { Link } from 'react-router-dom';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { paths } from '@/lib/paths.ts';
import { authPath, useViewer } from '@/features/auth/index.ts';
import { AppealForm } from './AppealForm.tsx';
import { SupportForm } from './SupportForm.tsx';

const m = t.tickets.dialog;

/**
 * What the support dialog (and /new-ticket) shows: a wait while auth is checked, the
 * sign-in prompt for anonymous visitors, the appeal for a banned user (the only ticket he
 * may open), else the form.
 */
export function SupportContent({
  listingId,
  subject,
  onSent,
  onCancel,
  onNavigateAway,
}: {
  listingId?: string | null;
  subject?: string;
  onSent: () => void;
  onCancel?: () => void;
  onNavigateAway?: () => void;
}) {
  const viewer = useViewer();
  if (!viewer.ready) {
    return (
      <Group gap="sm" py="md" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{m.checking}</Text>
      </Group>
    );
  }
  if (!viewer.user) {
    return (
      <Stack gap="sm">
        <Title order={3} size="h4">
          {m.authRequiredTitle}
        </Title>
        <Text>{m.authRequiredText}</Text>
        <Group grow>
          <Button component={Link} to={authPath('login', paths.newTicket)} onClick={onNavigateAway}>
            {m.login}
          </Button>
          <Button component={Link} to={authPath('register', paths.newTicket)} variant="outline" onClick={onNavigateAway}>
            {m.register}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (viewer.banned) return <AppealForm onSent={onSent} onCancel={onCancel} />;
  return <SupportForm defaultEmail={viewer.user.email} listingId={listingId} subject={subject} onSent={onSent} onCancel={onCancel} />;
}
