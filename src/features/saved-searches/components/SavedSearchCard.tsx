import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { formatDate } from '@/lib/dates.ts';
import { toastOutcome } from '@/lib/outbox/submit.ts';
import { toastError } from '@/lib/toast.ts';
import { useViewer } from '@/features/auth/index.ts';
import { isAlert, searchUrl, type SavedSearch } from '../model.ts';
import { useUpdateSavedSearch } from '../queries.ts';
import { AlertSelect } from './AlertSelect.tsx';

const s = t.savedSearches;

/** One saved search: its name, its alert (changed in place), 'Apri', 'Rinomina', 'Elimina'. */
export function SavedSearchCard({ search, onRename, onDelete }: { search: SavedSearch; onRename: () => void; onDelete: () => void }) {
  const update = useUpdateSavedSearch(useViewer().user?.id ?? null);
  const alert = update.isPending && isAlert(update.variables.alert) ? update.variables.alert : isAlert(search.alert) ? search.alert : 'never';
  return (
    <Card withBorder radius="md" padding="md" component="li" data-testid="saved-search">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {search.name}
          </Title>
          <Text size="xs" c="gray.7">
            {s.savedOn(formatDate(search.created_at))}
          </Text>
        </div>
        <AlertSelect
          value={alert}
          disabled={update.isPending}
          onChange={(a) =>
            update.mutate(
              { id: search.id, alert: a },
              { onSuccess: (outcome) => toastOutcome(outcome, { sent: s.alertChanged, queued: s.queued }), onError: (err) => toastError(failureMessage(err, s.alertFailed)) },
            )
          }
        />
        <Group gap="xs">
          <Button component={Link} to={searchUrl(search.filters)} aria-label={s.openLabel(search.name)} px="lg">
            {s.open}
          </Button>
          <Button variant="default" onClick={onRename} aria-label={s.renameLabel(search.name)}>
            {s.rename}
          </Button>
          <Button variant="subtle" color="red" px="xs" onClick={onDelete} aria-label={s.deleteLabel(search.name)}>
            {s.delete}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
