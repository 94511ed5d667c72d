import { useQuery } from '@tanstack/react-query';
import { Badge, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import classes from '@/lib/CardTable.module.css';
import { couponNote, formatCents, paymentStatusColor, transactionLabel } from '../model.ts';
import { paymentsQuery } from '../queries.ts';

const m = t.money.wallet.payments;

/** The latest orders: each one's amount (after a coupon), what it did with the coupon, and its state, pending ones included. */
export function PaymentsCard({ user }: { user: { id: string } }) {
  const payments = useQuery(paymentsQuery(user));
  return (
    <Paper withBorder radius="md" p="md" mt="lg" component="section" aria-labelledby="payments-title">
      <Title order={2} size="h4" id="payments-title">
        {m.title}
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        {m.hint}
      </Text>
      {payments.isError ? (
        <LoadError error={payments.error} fallback={m.loadFailed} onRetry={() => void payments.refetch()} />
      ) : !payments.data ? (
        <Stack gap="xs" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={32} />
          ))}
        </Stack>
      ) : payments.data.length === 0 ? (
        <Text size="sm">{m.empty}</Text>
      ) : (
        <Table className={classes.table} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{m.columns.date}</Table.Th>
              <Table.Th>{m.columns.package}</Table.Th>
              <Table.Th ta="right">{m.columns.amount}</Table.Th>
              <Table.Th>{m.columns.status}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payments.data.map((p) => (
              <Table.Tr key={p.id} data-testid="payment-row">
                <Table.Td data-label={m.columns.date}>{formatDateTime(p.created_at)}</Table.Td>
                <Table.Td data-label={m.columns.package}>{p.package_name ?? '—'}</Table.Td>
                <Table.Td data-label={m.columns.amount} ta="right">
                  {/* One flex item: on a phone the cell spreads its children apart; the coupon note wraps, not the label. */}
                  <span style={{ maxWidth: '70%' }}>
                    <Text span fw={700}>
                      {formatCents(p.amount_cents)}
                    </Text>
                    {p.coupon && (
                      <Text span display="block" size="xs" c="gray.7" data-testid="payment-coupon">
                        {couponNote(p.status, p.coupon.code, m.coupon)}
                      </Text>
                    )}
                  </span>
                </Table.Td>
                <Table.Td data-label={m.columns.status}>
                  <Badge color={paymentStatusColor(p.status)} c="dark.7" variant="light">
                    {transactionLabel(p.status, m.status)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
