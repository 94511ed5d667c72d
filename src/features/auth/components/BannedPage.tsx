import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { useViewer } from '../hooks/useViewer.ts';
import { myBanQuery } from '../queries.ts';
import { BannedAppeal } from './BannedAppeal.tsx';

const m = t.auth.banned;

/** /banned: the current statement of reasons (why, since when, when given) and the appeal: how to file it, or its review. */
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
                  {ban.data?.banned_at && (
                    <Text size="sm">
                      {m.since}{' '}
                      <time dateTime={ban.data.banned_at}>{formatDateTime(ban.data.banned_at)}</time>
                    </Text>
                  )}
                  {ban.data?.banned_at && ban.data.created_at > ban.data.banned_at && (
                    <Text size="sm" data-testid="ban-reason-date">
                      {m.reasonGiven}{' '}
                      <time dateTime={ban.data.created_at}>{formatDateTime(ban.data.created_at)}</time>
                    </Text>
                  )}
                </Stack>
              </Alert>
            ))}
          <Text size="sm" c="dark.5">
            {m.tickets}
          </Text>
          {banned && user && <BannedAppeal userId={user.id} />}
          <Group>
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
