import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Container, Group, Pagination, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { paths } from '@/lib/paths.ts';
import classes from '@/lib/CardTable.module.css';
import { useViewer } from '@/features/auth/index.ts';
import { ownProfileQuery } from '@/features/profile/index.ts';
import { PAGE_SIZE } from '../api.ts';
import { signedAmount, transactionLabel } from '../model.ts';
import { historyQuery } from '../queries.ts';
import { PaymentsCard } from './PaymentsCard.tsx';

const m = t.money.wallet;

/** 'Portafoglio Crediti': the balance and the ledger, 10 rows a page. */
export default function CreditHistoryPage() {
  const { user } = useViewer();
  const [page, setPage] = useState(1);
  const profile = useQuery(ownProfileQuery(user));
  const history = useQuery(historyQuery(user, page - 1));
  // A failed balance reads as 0 rather than blocking the ledger.
  const balance = profile.isError ? 0 : profile.data?.credits;
  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <Container size="md" px="md" py="lg">
      <Title order={1} size="h2" mb="md">
        {m.title}
      </Title>
      {!user ? (
        <Alert color="red">{m.unauthenticated}</Alert>
      ) : (
        <>
          <Paper withBorder radius="md" p="md" mb="lg">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <div>
                <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
                  {m.balance}
                </Text>
                {balance === undefined ? (
                  <Skeleton height={32} width={140} mt={4} />
                ) : (
                  <Text fz={28} fw={700} data-testid="wallet-balance">
                    {m.credits(balance)}
                  </Text>
                )}
              </div>
              <Button component={Link} to={paths.buyCredits}>
                {m.buyMore}
              </Button>
            </Group>
          </Paper>
          {history.isError ? (
            <LoadError error={history.error} fallback={m.loadFailed} onRetry={() => void history.refetch()} />
          ) : !data ? (
            <Stack gap="xs" aria-busy="true">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} height={36} />
              ))}
            </Stack>
          ) : data.total === 0 ? (
            <Text ta="center" py="xl">
              {m.empty}
            </Text>
          ) : (
            <>
              <Table className={classes.table} verticalSpacing="xs" style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{m.columns.date}</Table.Th>
                    <Table.Th>{m.columns.type}</Table.Th>
                    <Table.Th>{m.columns.package}</Table.Th>
                    <Table.Th ta="right">{m.columns.amount}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((row) => (
                    <Table.Tr key={row.id} data-testid="transaction-row">
                      <Table.Td data-label={m.columns.date}>{formatDateTime(row.created_at)}</Table.Td>
                      <Table.Td data-label={m.columns.type}>{transactionLabel(row.type, m.types)}</Table.Td>
                      <Table.Td data-label={m.columns.package}>{row.package_name ?? '—'}</Table.Td>
                      <Table.Td data-label={m.columns.amount} ta="right" fw={700} c={row.amount > 0 ? 'teal.9' : 'red.9'}>
                        {signedAmount(row.amount)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Group justify="space-between" mt="md" wrap="wrap" gap="xs">
                <Text size="sm" c="gray.7">
                  {m.total(data.total)}
                </Text>
                {pages > 1 && (
                  <Pagination
                    total={pages}
                    value={page}
                    onChange={setPage}
                    size="sm"
                    siblings={0}
                    getItemProps={(n) => ({ 'aria-label': m.page(n) })}
                    getControlProps={(control) => ({ 'aria-label': m.controls[control] })}
                  />
                )}
              </Group>
            </>
          )}
          <PaymentsCard user={user} />
        </>
      )}
    </Container>
  );
}
