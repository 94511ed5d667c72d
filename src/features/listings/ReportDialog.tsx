import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from '@/lib/router/index.ts';
import { ApiError, failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';
import { listingPath } from '@/lib/paths.ts';
import { authPath } from '@/features/auth/index.ts';
import { reportListing } from './api.ts';

const REASONS = Object.entries(t.listings.report.reasons).map(([value, label]) => ({ value, label }));
/** 'Minori o tratta di persone': urgent for staff (first in Segnalazioni). */
const URGENT = 'minorenne';

/**
 * 'Segnala annuncio': reason + text; creates a listing report (the staff get a new_report
 * notification). It always shows the anti-trafficking hotline, in red for the urgent category. An anonymous visitor is asked to sign in first; signing in returns to the
 * listing with `reportParam` set, and the listing opens the form again.
 */
export function ReportDialog({ listingId, signedIn, reportParam, opened, onClose }: { listingId: string; signedIn: boolean; reportParam: string; opened: boolean; onClose: () => void }) {
  const r = t.listings.report;
  const [reason, setReason] = useState<string | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);
  const needLogin = !signedIn || sessionEnded;

  const submit = async () => {
    if (!reason) {
      setError(r.reasonRequired);
      return;
    }
    setBusy(true);
    try {
      await reportListing(listingId, reason, details);
      notifications.show({ color: 'green', message: r.success });
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'unauthenticated') return setSessionEnded(true);
      if (!(err instanceof ApiError && err.code === '23505')) return void notifications.show({ color: 'red', message: failureMessage(err, r.error) });
      notifications.show({ color: 'yellow', message: r.duplicate });
    } finally {
      setBusy(false);
    }
    setReason(null);
    setDetails('');
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={r.title} centered closeButtonProps={{ 'aria-label': r.close }}>
      {needLogin ? (
        <Stack>
          <Text>{r.loginRequired}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {r.cancel}
            </Button>
            <Button component={Link} to={authPath('login', `${listingPath(listingId)}?${reportParam}=1`)}>
              {r.login}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">{r.intro}</Text>
          <Select
            label={r.reason}
            placeholder={r.reasonPlaceholder}
            data={REASONS}
            value={reason}
            onChange={(v) => {
              setReason(v);
              setError(null);
            }}
            error={error}
            required
            comboboxProps={{ withinPortal: true }}
          />
          <Alert color={reason === URGENT ? 'red' : 'gray'} variant="light" p="xs" data-testid="report-hotline">
            <Text size="sm">
              {reason === URGENT && `${t.trust.urgentHint} `}
              <Anchor href={t.trust.hotlineTel} fw={600} aria-label={t.trust.hotlineCall}>
                {t.trust.hotline}
              </Anchor>
            </Text>
          </Alert>
          <Textarea label={r.details} placeholder={r.detailsPlaceholder} value={details} onChange={(e) => setDetails(e.currentTarget.value)} maxLength={2000} autosize minRows={3} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {r.cancel}
            </Button>
            <Button color="red" onClick={() => void submit()} loading={busy}>
              {r.submit}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
