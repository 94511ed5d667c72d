import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { paths } from '@/lib/paths.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { renewalQuoteQuery, useRenewListing } from '../queries.ts';

const m = t.myListings.expired;

/** Renewing an expired listing: its cost from the settings, the balance, then renew_listing. */
export function OwnerRenewDialog({ listingId, userId, opened, onClose }: { listingId: string; userId: string; opened: boolean; onClose: () => void }) {
  const quote = useQuery({ ...renewalQuoteQuery(userId), enabled: opened });
  const renew = useRenewListing();
  const q = quote.data;
  const short = q ? q.balance < q.cost : false;
  // mutateAsync, not mutate's callbacks: the refetch after it unmounts this dialog (the card is no
  // longer expired), and TanStack Query skips mutate's callbacks once their component is gone.
  const confirm = () =>
    renew.mutateAsync(listingId).then(
      () => {
        toastSuccess(m.renewed);
        onClose();
      },
      (err: unknown) => toastError(failureMessage(err, m.failed)),
    );
  return (
    <Modal opened={opened} onClose={() => !renew.isPending && onClose()} title={m.renewTitle} centered closeButtonProps={{ 'aria-label': t.myListings.close }}>
      {quote.isError ? (
        <LoadError error={quote.error} fallback={m.quoteFailed} onRetry={() => void quote.refetch()} />
      ) : !q ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={18} />
          <Skeleton height={18} width="60%" />
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{m.renewText(q.cost, q.days)}</Text>
          <Text size="sm" fw={600} data-testid="renew-balance">
            {m.balance(q.balance)}
          </Text>
          {short && (
            <Alert color="red" variant="light" p="xs">
              <Text size="sm">{m.insufficient(q.cost, q.balance)}</Text>
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={renew.isPending}>
              {m.cancel}
            </Button>
            {short ? (
              <Button component={Link} to={paths.buyCredits}>
                {m.buyCredits}
              </Button>
            ) : (
              <Button loading={renew.isPending} onClick={confirm}>
                {m.confirm(q.cost)}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
