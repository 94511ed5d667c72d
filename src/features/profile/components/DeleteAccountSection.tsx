import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { paths } from '@/lib/paths.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { deleteConfirmed } from '../model.ts';
import { useDeleteAccount } from '../queries.ts';
import { SettingsSection } from './SettingsSection.tsx';

const m = t.profile.settings;

/** 'Elimina account': a dialog asks to type ELIMINA; then the account goes and the visitor lands home. */
export function DeleteAccountSection() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount({
    onSuccess: () => {
      toastSuccess(m.deleted);
      void navigate(paths.home, { replace: true });
    },
    onError: (err) => toastError(failureMessage(err, m.deleteFailed)),
  });

  return (
    <SettingsSection title={m.deleteSection} danger>
      <Text size="sm">{m.deleteHint}</Text>
      <Button color="red" variant="outline" onClick={() => setOpen(true)}>
        {m.delete}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={m.deleteConfirmTitle} centered>
        <Stack gap="sm">
          <Text size="sm">{m.deleteConfirmText}</Text>
          <TextInput label={m.deleteConfirmLabel} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" />
          <Button color="red" disabled={!deleteConfirmed(typed, m.deleteConfirmWord)} loading={remove.isPending} onClick={() => remove.mutate()}>
            {m.deleteConfirm}
          </Button>
          <Button variant="default" onClick={() => setOpen(false)}>
            {m.cancel}
          </Button>
        </Stack>
      </Modal>
    </SettingsSection>
  );
}
