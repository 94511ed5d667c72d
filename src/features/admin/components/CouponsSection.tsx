import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Group, Modal, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { BADGE_TEXT } from './UsersBadgeText.ts';
import { formatDate } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { ConfirmDialog } from '@/lib/ui/ConfirmDialog.tsx';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { couponState, type CouponRow } from '../coupons/model.ts';
import { couponsQuery, useSetCouponActive } from '../queries.ts';
import { CouponsForm } from './CouponsForm.tsx';

const s = t.adminStaff;
const m = s.coupons;
const STATE_COLOR = { active: 'teal', inactive: 'gray', expired: 'orange', maxedOut: 'red' } as const;

type Editing = { coupon?: CouponRow } | null;

/** Coupon (admin only; the database refuses other roles' writes): the list with usage, create, edit, deactivate. */
export default function CouponsSection() {
  const coupons = useQuery(couponsQuery());
  const [editing, setEditing] = useState<Editing>(null);
  const [deactivating, setDeactivating] = useState<CouponRow | null>(null);
  const toggle = useSetCouponActive();
  const setActive = (c: CouponRow, active: boolean) =>
    toggle.mutate(
      { id: c.id, active },
      {
        onSuccess: () => {
          toastSuccess(active ? m.activated : m.deactivate_.done);
          setDeactivating(null);
        },
        onError: (err) => toastError(failureMessage(err, m.form.failed)),
      },
    );
  const data = coupons.data;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {m.title}
        </Title>
        <Button onClick={() => setEditing({})}>{m.create}</Button>
      </Group>
      {coupons.isError && !data ? (
        <LoadError error={coupons.error} fallback={m.loadFailed} onRetry={() => void coupons.refetch()} />
      ) : !data ? (
        <Stack gap="sm" aria-busy="true" aria-label={s.common.loading}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={72} radius="md" />
          ))}
        </Stack>
      ) : data.length === 0 ? (
        <Text c="gray.7">{m.empty}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm" data-testid="coupons">
          {data.map((c) => {
            const st = couponState(c);
            return (
              <Card key={c.id} withBorder padding="sm" radius="md" component="article" aria-label={c.code} data-testid="coupon-row">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                    <Text fw={700} ff="monospace">
                      {c.code}
                    </Text>
                    <Text size="sm">
                      {m.discount(c.discount_type, c.discount_value)} · {m.usageTypes[c.type] ?? c.type}
                    </Text>
                    <Text size="sm" c="gray.7">
                      {m.columns.usage}: {m.usage(c.usage_count, c.max_uses)} · {m.columns.expiry}: {c.expires_at ? formatDate(c.expires_at) : m.noExpiry}
                    </Text>
                    {c.user_email && (
                      <Text size="sm" c="gray.7" truncate>
                        {m.forUser(c.user_email)}
                      </Text>
                    )}
                    {c.description && (
                      <Text size="xs" c="gray.7">
                        {c.description}
                      </Text>
                    )}
                  </Stack>
                  <Badge color={STATE_COLOR[st]} variant="light" style={BADGE_TEXT}>
                    {m.status[st]}
                  </Badge>
                </Group>
                <Group gap="xs" mt="sm">
                  <Button size="compact-sm" variant="light" onClick={() => setEditing({ coupon: c })}>
                    {m.edit}
                  </Button>
                  {c.is_active ? (
                    <Button size="compact-sm" variant="light" color="red" onClick={() => setDeactivating(c)}>
                      {m.deactivate}
                    </Button>
                  ) : (
                    <Button size="compact-sm" variant="light" loading={toggle.isPending && toggle.variables?.id === c.id} onClick={() => setActive(c, true)}>
                      {m.activate}
                    </Button>
                  )}
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      <Modal
        opened={!!editing}
        onClose={() => setEditing(null)}
        title={editing?.coupon ? m.form.editTitle(editing.coupon.code) : m.form.createTitle}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': s.common.close }}
      >
        {editing && <CouponsForm coupon={editing.coupon} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        opened={!!deactivating}
        title={m.deactivate_.title}
        cancelLabel={s.common.cancel}
        confirmLabel={m.deactivate_.confirm}
        closeLabel={s.common.close}
        pending={toggle.isPending}
        onConfirm={() => deactivating && setActive(deactivating, false)}
        onClose={() => setDeactivating(null)}
      >
        {deactivating && m.deactivate_.text(deactivating.code)}
      </ConfirmDialog>
    </Stack>
  );
}
