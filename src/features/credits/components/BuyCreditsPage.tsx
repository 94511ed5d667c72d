import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Container, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { toastError } from '@/lib/toast.ts';
import { useViewer } from '@/features/auth/index.ts';
import { AppliedCouponNote, useCouponsStore } from '@/features/coupons/index.ts';
import { ownProfileQuery } from '@/features/profile/index.ts';
import { bestValueId, RETURN_KEY, safeReturn } from '../model.ts';
import { packagesQuery, quoteQuery, useCreatePurchase } from '../queries.ts';
import { PackageCard } from './PackageCard.tsx';

const m = t.money.buy;

/**
 * /buy-credits: the packages, the waiting coupon's discount (or that an open order holds the
 * coupon, so these prices are full), and 'Acquista' to the payment page.
 */
export default function BuyCreditsPage() {
  const { user } = useViewer();
  const [params] = useSearchParams();
  const back = safeReturn(params.get('back'));
  // The payment page returns to the result screen only: remember where to go back to (e.g. a promotion).
  useEffect(() => {
    if (back) sessionStorage.setItem(RETURN_KEY, back);
  }, [back]);
  const packages = useQuery(packagesQuery());
  const profile = useQuery(ownProfileQuery(user));
  const couponId = useCouponsStore((s) => (s.owner === user?.id ? (s.applied?.couponId ?? null) : null));
  const purchase = useCreatePurchase();
  const best = packages.data ? bestValueId(packages.data) : null;
  // Any package's quote names the coupon an open order holds: the first card's, already asked for.
  const firstId = packages.data?.[0]?.id;
  const firstQuote = useQuery({ ...quoteQuery(user, firstId ?? '', couponId), enabled: !!firstId });
  const reservedCode = firstId ? firstQuote.data?.reserved_code : null;

  const buy = (packageId: string) =>
    purchase.mutate(packageId, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (err) => toastError(err.message || m.purchaseFailed),
    });

  return (
    <Container size="md" px="md" py="lg">
      <Title order={1} size="h2">
        {m.title}
      </Title>
      <Text c="gray.7" mb="xs">
        {m.intro}
      </Text>
      {profile.data && (
        <Text fw={600} mb="sm" data-testid="buy-balance">
          {m.balance(profile.data.credits)}
        </Text>
      )}
      {reservedCode ? (
        <Alert color="yellow" my="xs" data-testid="coupon-reserved">
          {m.couponReserved(reservedCode)}
        </Alert>
      ) : (
        <AppliedCouponNote />
      )}
      {packages.isError ? (
        <LoadError error={packages.error} fallback={m.loadFailed} onRetry={() => void packages.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="sm">
          {packages.data
            ? packages.data.map((p) => (
                <PackageCard
                  key={p.id}
                  pkg={p}
                  best={p.id === best}
                  couponId={couponId}
                  busy={purchase.isPending && purchase.variables === p.id}
                  onBuy={() => buy(p.id)}
                />
              ))
            : Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={150} radius="md" />)}
        </SimpleGrid>
      )}
    </Container>
  );
}
