import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { useViewer } from '@/features/auth/index.ts';
import { formatCents, pricePerCredit, type CreditPackage } from '../model.ts';
import { quoteQuery } from '../queries.ts';

const m = t.money.buy;

interface Props {
  pkg: CreditPackage;
  best: boolean;
  couponId: string | null;
  busy: boolean;
  onBuy: () => void;
}

/** One package: crediti, price (discounted when a coupon waits), price per credito, 'Acquista'. */
export function PackageCard({ pkg, best, couponId, busy, onBuy }: Props) {
  const { user } = useViewer();
  const quote = useQuery(quoteQuery(user, pkg.id, couponId));
  const discounted = quote.data && quote.data.discount_cents > 0 ? quote.data : null;

  return (
    <Card withBorder radius="md" padding="md" data-testid="credit-package" style={best ? { borderColor: 'var(--mantine-color-teal-6)', borderWidth: 2 } : undefined}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={700} fz="lg">
            {pkg.name}
          </Text>
          <Text fz={24} fw={800}>
            {m.credits(pkg.credits)}
          </Text>
        </Stack>
        {best && (
          // The mark is never cut: the package's name and credits wrap instead.
          <Badge color="teal.9" variant="filled" style={{ flexShrink: 0 }}>
            {m.bestValue}
          </Badge>
        )}
      </Group>
      <Group justify="space-between" align="flex-end" mt="sm" wrap="nowrap">
        <Stack gap={0}>
          {quote.isPending && user ? (
            <Skeleton height={24} width={90} />
          ) : discounted ? (
            <Group gap={6}>
              <Text td="line-through" c="gray.7" size="sm">
                {formatCents(discounted.price_cents)}
              </Text>
              <Text fw={700} fz="lg" c="teal.9" data-testid="package-price">
                {formatCents(discounted.amount_cents)}
              </Text>
            </Group>
          ) : (
            <Text fw={700} fz="lg" data-testid="package-price">
              {formatCents(pkg.price_cents)}
            </Text>
          )}
          <Text size="xs" c="gray.7">
            {m.perCredit(pricePerCredit({ credits: pkg.credits, price_cents: discounted?.amount_cents ?? pkg.price_cents }))}
          </Text>
        </Stack>
        <Button onClick={onBuy} loading={busy} aria-label={`${m.buy} ${pkg.name}`}>
          {m.buy}
        </Button>
      </Group>
    </Card>
  );
}
