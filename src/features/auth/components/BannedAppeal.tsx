import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { formatDate } from '@/lib/dates.ts';
import { ticketPath } from '@/lib/paths.ts';
import { openAppealQuery, openSupportDialog, shortTicketId } from '@/features/tickets/index.ts';

const m = t.auth.banned;

/**
 * The banned user's one appeal: the way to file it, or, once filed and until staff decide it,
 * that it is under review and the ticket it lives in.
 */
export function BannedAppeal({ userId }: { userId: string }) {
  const appeal = useQuery(openAppealQuery(userId));
  if (appeal.data === undefined && !appeal.isError) return <Skeleton height={36} aria-busy="true" />;
  if (appeal.data) {
    return (
      <Alert color="blue" variant="light" title={m.appealOpen} data-testid="appeal-open">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{m.appealOpenText(formatDate(appeal.data.created_at), shortTicketId(appeal.data.id))}</Text>
          <Button component={Link} to={ticketPath(appeal.data.id)} size="compact-sm" variant="light">
            {m.appealOpenLink}
          </Button>
        </Stack>
      </Alert>
    );
  }
  // Unknown (the read failed): the form is still offered; the database refuses a second appeal in Italian.
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{m.appealText}</Text>
      <Button color="red" variant="outline" onClick={() => openSupportDialog({ onSuccess: () => undefined })}>
        {m.appeal}
      </Button>
    </Stack>
  );
}
