import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { openSupportDialog } from '@/features/tickets/index.ts';
import { useViewer } from '../hooks/useViewer.ts';
import { myBanQuery } from '../queries.ts';

const m = t.auth.banned;

/** /banned: the statement of reasons (why, since when) and the way to appeal through support. */
export default function BannedPage() {
  const { user, banned } = useViewer();
  const ban = useQuery(myBanQuery(banned && user ? user.id : null));

  return (
    <Container size={480} px="md" py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Title order={1} size="h2" c="red.8">
            {m.title}
          </Title>
          <Text>{m.text}</Text>
          {banned &&
            (ban.isError ? (
              <LoadError error={ban.error} fallback={m.reasonFailed} onRetry={() => void ban.refetch()} />
            ) : ban.data === undefined ? (
              <Skeleton height={56} aria-busy="true" />
            ) : (
              <Alert color="red" variant="light" title={m.reason}>
                <Stack gap={4}>
                  <Text size="sm" data-testid="ban-reason">
                    {ban.data?.reason ?? m.noReason}
                  </Text>
                  {ban.data && (
                    <Text size="sm">
                      {m.since}{' '}
                      <time dateTime={ban.data.banned_at}>{formatDateTime(ban.data.banned_at)}</time>
                    </Text>
                  )}
                </Stack>
              </Alert>
            ))}
          <Text size="sm" c="dark.5">
            {m.tickets}
          </Text>
          {banned && <Text size="sm">{m.appealText}</Text>}
          <Group>
            {banned && (
              <Button color="red" variant="outline" onClick={() => openSupportDialog({ onSuccess: () => undefined })}>
                {m.appeal}
              </Button>
            )}
            <Button component={Link} to="/my-tickets">
              {m.myTickets}
            </Button>
            <Button component={Link} to="/" variant="default">
              {m.home}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
