import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { paths } from '@/lib/paths.ts';
import { useViewer } from '@/features/auth/index.ts';
import { ownProfileQuery, profileKeys } from '@/features/profile/index.ts';
import { formatCents, purchaseOutcome, RETURN_KEY, safeReturn } from '../model.ts';
import { creditKeys, orderQuery } from '../queries.ts';

const m = t.money.result;
export const TIMEOUT_MS = 60_000;

/** Where the payment page returns: waits for the order's final status, then says how it went. */
export default function PurchaseResultPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const declinedReturn = params.get('esito') === 'rifiutato';
  const { user } = useViewer();
  const queries = useQueryClient();
  const [timedOut, setTimedOut] = useState(false);
  const [back] = useState(() => safeReturn(sessionStorage.getItem(RETURN_KEY)));
  const order = useQuery(orderQuery(orderId));
  const outcome = orderId ? purchaseOutcome(order.data === undefined ? undefined : (order.data?.status ?? null), { declinedReturn, timedOut }) : 'missing';
  const profile = useQuery({ ...ownProfileQuery(user), enabled: outcome === 'completed' });

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    // The balance and the ledger changed on the server: read them again.
    if (outcome === 'completed') {
      void queries.invalidateQueries({ queryKey: profileKeys.all });
      void queries.invalidateQueries({ queryKey: creditKeys.all, predicate: (q) => q.queryKey[1] === 'history' || q.queryKey[1] === 'payments' });
    }
  }, [outcome, queries]);

  return (
    <Container size="sm" px="md" py="lg">
      <Title order={1} size="h2" mb="md">
        {m.title}
      </Title>
      <div aria-live="polite">
        {outcome === 'waiting' ? (
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" />
            <Text>{m.waiting}</Text>
          </Group>
        ) : outcome === 'completed' ? (
          <Alert color="teal" title={m.completed(order.data?.credits ?? 0)}>
            {order.data && <Text data-testid="result-paid">{m.paid(formatCents(order.data.amount_cents))}</Text>}
            {profile.data && <Text fw={700} data-testid="result-balance">{m.newBalance(profile.data.credits)}</Text>}
          </Alert>
        ) : (
          <Alert color={outcome === 'timeout' ? 'yellow' : 'red'}>
            {outcome === 'declined' ? m.declined : outcome === 'expired' ? m.expired : outcome === 'timeout' ? m.timeout : outcome === 'missing' ? m.missing : m.failed}
          </Alert>
        )}
      </div>
      <Stack gap="xs" mt="lg">
        <Button component={Link} to={paths.creditHistory} variant={outcome === 'completed' ? 'filled' : 'light'}>
          {m.toWallet}
        </Button>
        {back && outcome === 'completed' && (
          <Button component={Link} to={back} onClick={() => sessionStorage.removeItem(RETURN_KEY)}>
            {m.back}
          </Button>
        )}
        {outcome !== 'completed' && outcome !== 'waiting' && (
          <Button component={Link} to={paths.buyCredits} variant="subtle">
            {m.retry}
          </Button>
        )}
      </Stack>
    </Container>
  );
}
