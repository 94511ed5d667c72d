import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { paths } from '@/lib/paths.ts';
import { useViewer } from '@/features/auth/index.ts';
import { ownProfileQuery, profileKeys } from '@/features/profile/index.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { couponNote, formatCents, paymentStatusColor, purchaseOutcome, RETURN_KEY, safeReturn, transactionLabel, type Outcome } from '../model.ts';
import { creditKeys, orderQuery } from '../queries.ts';

const m = t.money.result;
const states = t.money.wallet.payments;
export const TIMEOUT_MS = 60_000;

/** What the screen says for an outcome that is not a success (the order's state, worded as the wallet's). */
function notPaidText(outcome: Exclude<Outcome, 'waiting' | 'completed'>, expiresAt: string | null | undefined): string {
  if (outcome === 'unpaid') return m.unpaid(expiresAt ? formatDateTime(expiresAt) : '—');
  return m[outcome];
}

/** Where the payment page returns: waits for the order's final status, then says how it went, in the wallet's words. */
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
      {order.data && (
        <Group gap="xs" mb="sm" data-testid="result-state">
          <Text fw={600}>{m.state}:</Text>
          <Badge color={paymentStatusColor(order.data.status)} c="dark.7" variant="light">
            {transactionLabel(order.data.status, states.status)}
          </Badge>
        </Group>
      )}
      {order.data?.coupon && (
        <Text size="sm" mb="sm" data-testid="result-coupon">
          {couponNote(order.data.status, order.data.coupon.code, states.coupon)}
        </Text>
      )}
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
          <Alert color={outcome === 'timeout' || outcome === 'unpaid' ? 'yellow' : 'red'} data-testid="result-text">
            {notPaidText(outcome, order.data?.expires_at)}
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
