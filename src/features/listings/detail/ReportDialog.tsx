import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiError, failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';
import { submitWrite } from '@/lib/outbox/submit.ts';
import { useViewer } from '@/features/auth/index.ts';
import { statsDevice } from '@/features/stats/index.ts';
import { reportListing } from '../api.ts';

const REASONS = Object.entries(t.listings.report.reasons).map(([value, label]) => ({ value, label }));
/** 'Minori o tratta di persone': urgent for staff (first in Segnalazioni). */
const URGENT = 'minorenne';
/** What the server checks too (private.is_valid_email): something@something.something, no spaces. */
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * 'Segnala annuncio' for anyone, signed in or not (DSA art. 16): reason, details and an
 * optional e-mail for the statement of reasons; report_listing files it (the staff get a
 * new_report notification) and refuses a flood per device and per address in Italian. The
 * emergency line (112 and the anti-trafficking Numero Verde, both phone links) is always
 * there, in red for the urgent category. `signedIn` and `reportParam` are the caller's (a
 * visitor who signed in elsewhere comes back with the form open); the form is the same. It goes
 * through the outbox: offline the dialog closes saying it will leave with the connection.
 */
export function ReportDialog({ listingId, opened, onClose }: { listingId: string; signedIn?: boolean; reportParam?: string; opened: boolean; onClose: () => void }) {
  const r = t.listings.report;
  const [reason, setReason] = useState<string | null>(null);
  const [details, setDetails] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const userId = useViewer().user?.id ?? null;

  const submit = async () => {
    if (!reason) return setError(r.reasonRequired);
    if (email.trim() && !EMAIL.test(email.trim())) return setEmailError(r.emailInvalid);
    setBusy(true);
    try {
      const device = statsDevice();
      const payload = { listingId, reason, details: details.trim() || null, email: email.trim() || null, device };
      const outcome = await submitWrite('report', payload, { userId }, () => reportListing(listingId, { reason, details, email, device }));
      // A refusal (a duplicate, a limit) keeps the form, with the server's Italian reason.
      if (outcome.status === 'refused') return void notifications.show({ color: 'red', message: outcome.message });
      notifications.show(outcome.status === 'sent' ? { color: 'green', message: r.success } : { color: 'yellow', message: r.queued });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'email_invalid') return setEmailError(r.emailInvalid);
      if (!(err instanceof ApiError && err.code === 'report_duplicate')) return void notifications.show({ color: 'red', message: failureMessage(err, r.error) });
      notifications.show({ color: 'yellow', message: r.duplicate });
    } finally {
      setBusy(false);
    }
    setReason(null);
    setDetails('');
    setEmail('');
    onClose();
  };

  const urgent = reason === URGENT;
  return (
    <Modal opened={opened} onClose={onClose} title={r.title} centered closeButtonProps={{ 'aria-label': r.close }}>
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
        <Alert color={urgent ? 'red' : 'gray'} variant="light" p="xs" data-testid="report-hotline" data-urgent={urgent || undefined}>
          <Text size="sm">
            {t.trust.urgentHintLead}
            <Anchor href={t.trust.emergencyTel} fw={700} aria-label={t.trust.emergencyCall}>
              {t.trust.emergency}
            </Anchor>
            {t.trust.urgentHintTail}{' '}
            <Anchor href={t.trust.hotlineTel} fw={600} aria-label={t.trust.hotlineCall}>
              {t.trust.hotline}
            </Anchor>
          </Text>
        </Alert>
        <Textarea label={r.details} placeholder={r.detailsPlaceholder} value={details} onChange={(e) => setDetails(e.currentTarget.value)} maxLength={2000} autosize minRows={3} />
        <TextInput
          type="email"
          label={r.email}
          description={r.emailHint}
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setEmailError(null);
          }}
          error={emailError}
          autoComplete="email"
          inputMode="email"
          maxLength={254}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {r.cancel}
          </Button>
          <Button color="red" onClick={() => void submit()} loading={busy}>
            {r.submit}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
