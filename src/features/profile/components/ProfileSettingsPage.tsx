import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Container, Modal, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { signOutEverywhere, updateEmail, useViewer, isValidEmail } from '@/features/auth/index.ts';
import { isPushSubscribed, pushSupported, subscribePush, unsubscribePush, type PushResult } from '@/pwa/pushSubscription.ts';
import { deleteMyAccount, exportMyData, fetchOwnProfile, updateOwnProfile } from '../api.ts';
import { exportFileName, validateProfileForm } from '../model.ts';

const m = t.profile.settings;

/** Why the push switch could not be turned on (or off), as the catalogue words it. */
function pushProblem(result: PushResult): string {
  if (result === 'unsupported') return m.pushUnsupported;
  if (result === 'denied') return m.pushDenied;
  if (result === 'not-configured') return m.pushNotConfigured;
  return m.pushFailed;
}

function download(data: unknown) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = exportFileName();
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export default function ProfileSettingsPage() {
  const navigate = useNavigate();
  const { user } = useViewer();
  const [displayName, setDisplayName] = useState('');
  const [phone, setPhone] = useState('');
  const [push, setPush] = useState(false);
  const [pushBusy, setPushBusy] = useState(false);
  const [pushMessage, setPushMessage] = useState<string | undefined>();
  const [errors, setErrors] = useState<{ displayName?: string; phone?: string }>({});
  const [busy, setBusy] = useState(false);
  const [newEmail, setNewEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [emailBusy, setEmailBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [confirmWord, setConfirmWord] = useState('');

  useEffect(() => {
    if (!user) return;
    fetchOwnProfile(user.id)
      .then((p) => {
        setDisplayName(p.display_name ?? '');
        setPhone(p.phone ?? '');
      })
      .catch(() => toastError(m.loadFailed));
  }, [user]);

  // The switch shows whether this device holds a push subscription, not the profile flag.
  useEffect(() => {
    if (!user) return;
    if (!pushSupported()) {
      setPush(false);
      setPushMessage(m.pushUnsupported);
      return;
    }
    let live = true;
    isPushSubscribed()
      .then((subscribed) => live && setPush(subscribed))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [user]);

  if (!user) return null;

  async function save(event: FormEvent) {
    event.preventDefault();
    const { errors: found, phone: normalised } = validateProfileForm({ displayName, phone }, t.auth.validation);
    setErrors(found);
    if (found.displayName || found.phone) return;
    setBusy(true);
    try {
      await updateOwnProfile(user!.id, { display_name: displayName.trim(), phone: normalised });
      setPhone(normalised ?? '');
      toastSuccess(m.saved);
    } catch {
      toastError(m.saveFailed);
    } finally {
      setBusy(false);
    }
  }

  async function togglePush(value: boolean) {
    setPushBusy(true);
    setPushMessage(undefined);
    try {
      const result = value ? await subscribePush() : await unsubscribePush();
      if (result !== (value ? 'subscribed' : 'unsubscribed')) {
        // Unsupported browser, permission denied, …: the switch keeps its state.
        setPushMessage(pushProblem(result));
        return;
      }
      setPush(value);
      try {
        await updateOwnProfile(user!.id, { push_enabled: value });
        toastSuccess(value ? m.pushEnabled : m.pushDisabled);
      } catch {
        toastError(m.saveFailed);
      }
    } finally {
      setPushBusy(false);
    }
  }

  async function changeEmail(event: FormEvent) {
    event.preventDefault();
    const value = newEmail.trim();
    const err = !value ? t.auth.validation.emailRequired : !isValidEmail(value) ? t.auth.validation.emailInvalid : undefined;
    setEmailError(err);
    if (err) return;
    setEmailBusy(true);
    try {
      await updateEmail(value);
      toastSuccess(m.emailChangeSent);
      setNewEmail('');
    } catch (err) {
      toastError(failureMessage(err, m.emailChangeFailed));
    } finally {
      setEmailBusy(false);
    }
  }

  async function exportData() {
    try {
      download(await exportMyData());
    } catch {
      toastError(m.downloadFailed);
    }
  }

  async function deleteAccount() {
    try {
      await deleteMyAccount(user!.id);
      await signOutEverywhere().catch(() => undefined);
      toastSuccess(m.deleted);
      navigate('/', { replace: true });
    } catch {
      toastError(m.deleteFailed);
    }
  }

  return (
    <Container size={560} px="md" py="lg">
      <Title order={1} size="h2" mb="md">
        {m.title}
      </Title>
      <Stack gap="md">
        <Paper withBorder p="md">
          <form onSubmit={save} noValidate>
            <Stack gap="sm">
              <Title order={2} size="h4">
                {m.personal}
              </Title>
              <TextInput label={m.displayName} value={displayName} onChange={(e) => setDisplayName(e.currentTarget.value)} error={errors.displayName} autoComplete="nickname" />
              <TextInput
                label={m.phone}
                description={m.phoneHint}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                value={phone}
                onChange={(e) => setPhone(e.currentTarget.value)}
                error={errors.phone}
              />
              <Button type="submit" loading={busy}>
                {m.save}
              </Button>
            </Stack>
          </form>
        </Paper>

        <Paper withBorder p="md">
          <form onSubmit={changeEmail} noValidate>
            <Stack gap="sm">
              <Title order={2} size="h4">
                {m.emailSection}
              </Title>
              <Text size="sm">{m.currentEmail(user.email)}</Text>
              <TextInput label={m.newEmail} type="email" autoComplete="email" value={newEmail} onChange={(e) => setNewEmail(e.currentTarget.value)} error={emailError} />
              <Button type="submit" variant="light" loading={emailBusy}>
                {m.changeEmail}
              </Button>
            </Stack>
          </form>
        </Paper>

        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {m.passwordSection}
            </Title>
            <Button component={Link} to="/change-password" variant="light">
              {m.changePassword}
            </Button>
          </Stack>
        </Paper>

        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {m.pushSection}
            </Title>
            <Switch
              label={m.pushLabel}
              checked={push}
              disabled={pushBusy}
              aria-describedby={pushMessage ? 'push-message' : undefined}
              onChange={(e) => void togglePush(e.currentTarget.checked)}
            />
            <Text id="push-message" size="sm" c="red.8" role="status" hidden={!pushMessage}>
              {pushMessage}
            </Text>
          </Stack>
        </Paper>

        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {m.dataSection}
            </Title>
            <Text size="sm">{m.dataHint}</Text>
            <Button variant="default" onClick={() => void exportData()}>
              {m.download}
            </Button>
          </Stack>
        </Paper>

        <Paper withBorder p="md" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
          <Stack gap="sm">
            <Title order={2} size="h4" c="red.8">
              {m.deleteSection}
            </Title>
            <Text size="sm">{m.deleteHint}</Text>
            <Button color="red" variant="outline" onClick={() => setDeleting(true)}>
              {m.delete}
            </Button>
          </Stack>
        </Paper>
      </Stack>

      <Modal opened={deleting} onClose={() => setDeleting(false)} title={m.deleteConfirmTitle} centered>
        <Stack gap="sm">
          <Text size="sm">{m.deleteConfirmText}</Text>
          <TextInput label={m.deleteConfirmLabel} value={confirmWord} onChange={(e) => setConfirmWord(e.currentTarget.value)} autoComplete="off" />
          <Button color="red" disabled={confirmWord.trim().toUpperCase() !== m.deleteConfirmWord} onClick={() => void deleteAccount()}>
            {m.deleteConfirm}
          </Button>
          <Button variant="default" onClick={() => setDeleting(false)}>
            {m.cancel}
          </Button>
        </Stack>
      </Modal>
    </Container>
  );
}
