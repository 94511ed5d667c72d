import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { noteEngagement } from '@/lib/engagement.ts';
import { toastOutcome } from '@/lib/outbox/submit.ts';
import { queryClient } from '@/lib/queryClient.ts';
import { toastError } from '@/lib/toast.ts';
import { authPath, useViewer } from '@/features/auth/index.ts';
import { searchFilterArgs, type SearchParams } from '@/features/listings/index.ts';
import { PushInvite } from '@/features/notifications/signed-in.ts';
import { NAME_MAX, searchName, type Alert } from '../model.ts';
import { saveSearchQueued, savedSearchKeys } from '../queries.ts';
import { AlertSelect } from './AlertSelect.tsx';

const s = t.savedSearches;

/**
 * 'Salva ricerca': the current filters under a generated name, with an alert. A visitor is
 * asked to sign in first and comes back to `returnTo` (the same search), which opens it again.
 */
export default function SaveSearchDialog({ params, returnTo, opened, onClose }: { params: SearchParams; returnTo: string; opened: boolean; onClose: () => void }) {
  const { user, ready } = useViewer();
  const form = useForm<{ name: string; alert: Alert }>({
    initialValues: { name: searchName(params), alert: 'instant' },
    validate: { name: (v) => (v.trim() ? null : s.save.nameRequired) },
  });
  const submit = form.onSubmit(async ({ name, alert }) => {
    if (!user) return;
    try {
      const outcome = await saveSearchQueued(user.id, { name: name.trim(), alert, filters: searchFilterArgs(params) });
      if (!toastOutcome(outcome, { sent: s.save.saved, queued: s.queued })) return;
    } catch (err) {
      return toastError(failureMessage(err, s.save.failed));
    }
    void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all });
    noteEngagement('saved_search');
    onClose();
  });
  return (
    <Modal opened={opened} onClose={() => !form.submitting && onClose()} title={s.save.title} centered closeButtonProps={{ 'aria-label': s.close }}>
      {ready && !user ? (
        <Stack>
          <Text size="sm">{s.save.loginRequired}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {s.save.cancel}
            </Button>
            <Button component={Link} to={authPath('login', returnTo)}>
              {s.save.login}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <Text size="sm">{s.save.intro}</Text>
            <TextInput label={s.save.name} required maxLength={NAME_MAX} data-autofocus {...form.getInputProps('name')} />
            <AlertSelect value={form.values.alert} onChange={(a) => form.setFieldValue('alert', a)} />
            {/* Alerts on: the moment to offer them by push too. */}
            {user && form.values.alert !== 'never' && <PushInvite userId={user.id} reason="savedSearch" />}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose} disabled={form.submitting}>
                {s.save.cancel}
              </Button>
              <Button type="submit" loading={form.submitting} disabled={!user}>
                {s.save.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
