import { Group, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { DiscountIcon } from './DiscountIcon.tsx';

const d = t.money.coupons.discount;

/** '+25 Crediti', '30%' or '5,00 €' with its icon. */
export function CouponDiscount({ type, value }: { type: string; value: number }) {
  const text = type === 'credits' ? d.credits(value) : type === 'percentage' ? d.percentage(value) : d.flat_amount(value);
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <DiscountIcon type={type} />
      <Text span size="sm" fw={600}>
        {text}
      </Text>
    </Group>
  );
}
