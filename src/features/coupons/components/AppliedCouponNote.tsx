import { Link } from 'react-router-dom';
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { paths } from '@/lib/paths.ts';
import { useViewer } from '@/features/auth/index.ts';
import { useCouponsStore } from '../store.ts';
import { CouponDiscount } from './CouponDiscount.tsx';

const m = t.money.coupons;

/** The waiting discount coupon, offered where it is spent (buy credits, promote). */
export function AppliedCouponNote() {
  const { user } = useViewer();
  const applied = useCouponsStore((s) => (s.owner === user?.id ? s.applied : null));
  if (!applied) return null;
  return (
    <Alert color="teal" variant="light" py="xs" data-testid="applied-coupon">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {m.applied(applied.code)}
        </Text>
        <CouponDiscount type={applied.discountType} value={applied.discountValue} />
        <Anchor component={Link} to={paths.myCoupons} size="sm">
          {m.title}
        </Anchor>
      </Group>
    </Alert>
  );
}
