import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Button, Group, Image, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { listingPath } from '@/lib/paths.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import type { StaffVerification } from '../api.ts';
import { selfieQuery, useDecideVerification, verificationsQuery } from '../queries.ts';
import classes from './AdminCards.module.css';

const m = t.verification.panel;

/** The selfie through a short-lived signed address (the bucket is staff-only). */
function Selfie({ v }: { v: StaffVerification }) {
  const url = useQuery(selfieQuery(v.selfie_path));
  if (url.isError) return <Text c="red.8">{m.selfieFailed}</Text>;
  if (!url.data) return <Skeleton style={{ aspectRatio: '4 / 5' }} maw={280} />;
  return <Image src={url.data} alt={m.selfieAlt(v.listing?.title ?? '')} radius="md" maw={280} data-testid="verification-selfie" />;
}

/** 'Approva' (a confirmation) or 'Rifiuta' (the reason the advertiser reads). */
function DecisionDialog({ v, approve, onClose }: { v: StaffVerification; approve: boolean; onClose: () => void }) {
  const decide = useDecideVerification();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!approve && !reason.trim()) return setError(m.reasonRequired);
    decide.mutate(
      { id: v.id, approve, reason },
      {
        onSuccess: () => {
          toastSuccess(approve ? m.approved : m.refused);
          onClose();
        },
        onError: (err) => toastError(failureMessage(err, m.failed)),
      },
    );
  };
  const close = () => !decide.isPending && onClose();
  return (
    <Modal opened onClose={close} title={approve ? m.approveTitle : m.refuseTitle} centered closeButtonProps={{ 'aria-label': m.cancel }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{approve ? m.approveText(v.listing?.title ?? '') : m.refuseText}</Text>
          {!approve && (
            <Textarea
              label={m.reason}
              autosize
              minRows={2}
              maxLength={1000}
              withAsterisk
              data-autofocus
              value={reason}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setError(null);
              }}
              error={error}
            />
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={decide.isPending}>
              {m.cancel}
            </Button>
            <Button type="submit" color={approve ? 'teal.9' : 'red.9'} loading={decide.isPending}>
              {approve ? m.approve : m.refuse}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function VerificationCard({ v, onDecide }: { v: StaffVerification; onDecide: (approve: boolean) => void }) {
  const photos = [...(v.listing?.photos ?? [])].sort((a, b) => Number(b.is_primary) - Number(a.is_primary) || a.created_at.localeCompare(b.created_at));
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={v.listing?.title ?? m.title} data-testid="verification">
      <Text fw={600} className={classes.title}>
        {v.listing ? (
          <Anchor component={Link} to={listingPath(v.listing.id)}>
            {v.listing.title}
          </Anchor>
        ) : (
          '—'
        )}
      </Text>
      <Text size="sm" c="gray.7" className={classes.wrap}>
        {m.advertiser}: {[v.user?.display_name, v.user?.email].filter(Boolean).join(' – ') || '—'} · {m.submitted} {v.submitted_at ? formatDateTime(v.submitted_at) : '—'}
      </Text>
      <Group gap="lg" mt="xs">
        <Text size="sm">
          {m.codeAsked}:{' '}
          <Text span fw={700} ff="monospace" fz="lg" data-testid="verification-code">
            {v.code}
          </Text>
        </Text>
        <Text size="sm">
          {m.gestureAsked}: <b>{t.verification.gestures[v.gesture] ?? v.gesture}</b>
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="sm">
        <div>
          <Text size="sm" fw={600} mb={4}>
            {m.selfie}
          </Text>
          <Selfie v={v} />
        </div>
        <div>
          <Text size="sm" fw={600} mb={4}>
            {m.photos}
          </Text>
          <SimpleGrid cols={3} spacing="xs">
            {photos.map((p, i) => (
              <Image key={p.id} src={p.url} alt={m.photoAlt(i + 1)} radius="sm" style={{ aspectRatio: '4 / 5', objectFit: 'cover' }} />
            ))}
          </SimpleGrid>
        </div>
      </SimpleGrid>
      <Group gap="xs" mt="sm">
        <Button size="compact-md" color="teal.9" onClick={() => onDecide(true)}>
          {m.approve}
        </Button>
        <Button size="compact-md" color="red" variant="light" onClick={() => onDecide(false)}>
          {m.refuse}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * Verifiche (issue 26): the selfies waiting for staff, oldest first, each beside the listing's
 * photos with the code and gesture asked. A decision deletes the selfie, whatever it is.
 */
export default function VerificationsSection() {
  const queue = useQuery(verificationsQuery());
  const [decision, setDecision] = useState<{ v: StaffVerification; approve: boolean } | null>(null);
  const rows = queue.data;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {m.title}
      </Title>
      <Text size="sm" c="gray.7">
        {m.intro}
      </Text>
      {queue.isError ? (
        <LoadError error={queue.error} fallback={m.loadFailed} onRetry={() => void queue.refetch()} />
      ) : !rows ? (
        <Stack gap="xs" aria-busy="true">
          {Array.from({ length: 2 }, (_, i) => (
            <Skeleton key={i} height={200} radius="md" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Text c="gray.7">{m.empty}</Text>
      ) : (
        <Stack gap="xs" component="ul" className={classes.list}>
          {rows.map((v) => (
            <li key={v.id}>
              <VerificationCard v={v} onDecide={(approve) => setDecision({ v, approve })} />
            </li>
          ))}
        </Stack>
      )}
      {decision && <DecisionDialog key={`${decision.v.id}:${decision.approve}`} v={decision.v} approve={decision.approve} onClose={() => setDecision(null)} />}
    </Stack>
  );
}
