import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Container, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { formatDate } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { paths } from '@/lib/paths.ts';
import classes from '@/lib/CardTable.module.css';
import { useViewer } from '@/features/auth/index.ts';
import { couponStatus, sortCoupons, statusColor, usageSuffix } from '../model.ts';
import { myCouponsQuery } from '../queries.ts';
import { CouponDiscount } from './CouponDiscount.tsx';
import { CouponPanel } from './CouponPanel.tsx';
import { BackLink } from '@/lib/ui/BackLink.tsx';

const m = t.money.coupons;

/** /my-coupons: apply a code, and every coupon of the account with its status for the viewer. */
export default function MyCouponsPage() {
  const { user } = useViewer();
  const coupons = useQuery(myCouponsQuery(user));
  const rows =
    coupons.data && user
      ? sortCoupons(coupons.data.coupons.map((c) => ({ coupon: c, status: couponStatus(c, { id: user.id, used: coupons.data.used }) })))
      : null;

  return (
    <Container size="md" px="md" py="lg">
      <BackLink fallback={paths.dashboard} />
      <Title order={1} size="h2" mb="md">
        {m.title}
      </Title>
      <Card withBorder radius="md" mb="lg">
        <Title order={2} size="h4">
          {m.applyCard}
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          {m.applyHint}
        </Text>
        <CouponPanel />
      </Card>
      <Card withBorder radius="md">
        <Title order={2} size="h4">
          {m.listCard}
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          {m.listHint}
        </Text>
        {!user ? (
          <Alert color="red">{t.money.wallet.unauthenticated}</Alert>
        ) : coupons.isError ? (
          <LoadError error={coupons.error} fallback={m.loadFailed} onRetry={() => void coupons.refetch()} />
        ) : !rows ? (
          <Stack gap="xs" aria-busy="true">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} height={36} data-testid="coupon-placeholder" />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <Stack align="center" py="lg" gap="sm">
            <Text>{m.empty}</Text>
            <Button component={Link} to={paths.dashboard} variant="light">
              {m.toDashboard}
            </Button>
          </Stack>
        ) : (
          <Table className={classes.table} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.columns.code}</Table.Th>
                <Table.Th>{m.columns.discount}</Table.Th>
                <Table.Th>{m.columns.type}</Table.Th>
                <Table.Th>{m.columns.expires}</Table.Th>
                <Table.Th>{m.columns.status}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ coupon: c, status }) => (
                <Table.Tr key={c.id} data-testid="coupon-row">
                  <Table.Td data-label={m.columns.code} ff="monospace" fw={600}>
                    {c.code}
                  </Table.Td>
                  <Table.Td data-label={m.columns.discount}>
                    <CouponDiscount type={c.discount_type} value={c.discount_value} />
                  </Table.Td>
                  <Table.Td data-label={m.columns.type}>
                    {(m.types[c.type] ?? c.type) + usageSuffix(c)}
                  </Table.Td>
                  <Table.Td data-label={m.columns.expires}>{c.expires_at ? formatDate(c.expires_at) : m.never}</Table.Td>
                  <Table.Td data-label={m.columns.status}>
                    <Badge color={statusColor(status)} variant="filled">
                      {m.status[status]}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Container>
  );
}
