import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { useSetRole } from '../queries.ts';

const s = t.adminStaff;
const m = s.users.role_;

const ROLES = ['user', 'supporto', 'admin'] as const;

/** Admin only: makes a user staff or back a regular user (bans go through 'Banna', with a reason). */
export function UsersRoleDialog({ user, who, opened, onClose }: { user: { id: string; role: string }; who: string; opened: boolean; onClose: () => void }) {
  const [role, setRole] = useState<string | null>(user.role === 'banned' ? null : user.role);
  const change = useSetRole();
  const confirm = () =>
    role &&
    change.mutate(
      { userId: user.id, role },
      {
        onSuccess: () => {
          toastSuccess(m.done);
          onClose();
        },
        onError: (err) => toastError(failureMessage(err, m.failed)),
      },
    );
  return (
    <Modal opened={opened} onClose={() => !change.isPending && onClose()} title={m.title} centered closeButtonProps={{ 'aria-label': s.common.close }}>
      <Stack gap="md">
        <Text size="sm">{m.text(who)}</Text>
        <Select label={s.users.role} data={ROLES.map((r) => ({ value: r, label: s.roles[r]! }))} value={role} onChange={setRole} allowDeselect={false} comboboxProps={{ withinPortal: true }} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={change.isPending}>
            {s.common.cancel}
          </Button>
          <Button onClick={confirm} loading={change.isPending} disabled={!role || role === user.role}>
            {m.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
