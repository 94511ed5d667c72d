import { useQuery } from '@tanstack/react-query';
import { Badge, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import classes from '@/lib/CardTable.module.css';
import { formatCents, paymentStatusColor, transactionLabel } from '../model.ts';
import { paymentsQuery } from '../queries.ts';

const m = t.money.wallet.payments;

/** The latest orders: the euros actually paid (after a coupon) and each order's state, pending ones included. */
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
              <Table.Th ta="right">{m.columns.paid}</Table.Th>
              <Table.Th>{m.columns.status}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payments.data.map((p) => (
              <Table.Tr key={p.id} data-testid="payment-row">
                <Table.Td data-label={m.columns.date}>{formatDateTime(p.created_at)}</Table.Td>
                <Table.Td data-label={m.columns.package}>{p.package_name ?? '—'}</Table.Td>
                <Table.Td data-label={m.columns.paid} ta="right">
                  {/* One flex item: on a phone the cell spreads its children apart. */}
                  <span>
                    <Text span fw={700}>
                      {formatCents(p.amount_cents)}
                    </Text>
                    {p.coupon_id && (
                      <Text span size="xs" c="gray.7" ml={6}>
                        {m.withCoupon}
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
