import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Group, Image, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { failureMessage } from '@/lib/apiError.ts';
import { review } from '@/lib/catalogue/review.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { reasonLabel, waitingFor, type DuplicateMatch, type HeldListing, type HoldReason } from '../ReviewModel.ts';
import { reviewQueueQuery, useDecideReview } from '../reviewQueue.ts';
import classes from './AdminCards.module.css';
import { PanelBadge } from './PanelBadge.tsx';

const m = review.panel;
const photoStyle = { aspectRatio: '4 / 5', objectFit: 'cover' } as const;

/** 'Approva' (a confirmation) or 'Rifiuta' (the reason the advertiser reads). */
function DecisionDialog({ l, approve, onClose }: { l: HeldListing; approve: boolean; onClose: () => void }) {
  const decide = useDecideReview();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!approve && !reason.trim()) return setError(m.reasonRequired);
    decide.mutate(
      { id: l.id, approve, reason },
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
          <Text size="sm">{approve ? m.approveText(l.title) : m.refuseText}</Text>
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
            <Button type="submit" color={approve ? 'teal.9' : 'red.8'} loading={decide.isPending}>
              {approve ? m.approve : m.refuse}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The new photo beside the other account's, with how far apart their hashes are. */
function DuplicatePair({ match }: { match: DuplicateMatch }) {
  const owner = match.other_owner_email ?? '—';
  return (
    <Stack gap={4} data-testid="duplicate-pair">
      <SimpleGrid cols={2} spacing="xs" maw={420}>
        <figure style={{ margin: 0 }}>
          {match.photo_url ? <Image src={match.photo_url} alt={m.newPhoto} radius="sm" style={photoStyle} /> : <Skeleton style={photoStyle} />}
          <Text component="figcaption" size="xs" c="gray.7">
            {m.newPhoto}
          </Text>
        </figure>
        <figure style={{ margin: 0 }}>
          {match.other_photo_url ? (
            <Image src={match.other_photo_url} alt={m.otherPhoto(owner)} radius="sm" style={photoStyle} />
          ) : (
            <Skeleton style={photoStyle} />
          )}
          <Text component="figcaption" size="xs" c="gray.7" className={classes.wrap}>
            {m.otherPhoto(owner)} {match.other_listing_title ? m.otherListing(match.other_listing_title) : ''}
          </Text>
        </figure>
      </SimpleGrid>
      <Text size="sm" fw={600} data-testid="duplicate-distance">
        {m.distance(match.distance)}
      </Text>
      <Text size="xs" c="gray.7">
        {m.distanceHint}
      </Text>
    </Stack>
  );
}

function Reason({ r }: { r: HoldReason }) {
  return (
    <Stack gap={4} component="li">
      <PanelBadge color={r.reason === 'new_advertiser' ? 'blue' : 'orange'}>{reasonLabel(r)}</PanelBadge>
      {r.reason === 'screened_term' && r.details?.terms?.length ? (
        <Text size="sm" className={classes.wrap}>
          {m.terms}: <b>{r.details.terms.join(', ')}</b>
        </Text>
      ) : null}
      {r.reason === 'duplicate_photo' && (r.details?.matches ?? []).map((match, i) => <DuplicatePair key={`${match.photo_id}:${i}`} match={match} />)}
    </Stack>
  );
}

function HeldCard({ l, onDecide }: { l: HeldListing; onDecide: (approve: boolean) => void }) {
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={l.title} data-testid="held-listing">
      <Text fw={600} className={classes.title}>
        {l.title}
      </Text>
      <Text size="sm" c="gray.7" className={classes.wrap}>
        {l.city} · {m.advertiser}: {[l.owner.display_name, l.owner.email].filter(Boolean).join(' – ') || '—'}
      </Text>
      <Text size="sm" c="gray.7">
        {m.submitted} {formatDateTime(l.submitted_at)} · <b>{m.waiting(waitingFor(l.submitted_at))}</b>
      </Text>
      <Text size="sm" fw={600} mt="xs">
        {m.why}
      </Text>
      <Stack gap="xs" component="ul" className={classes.list} mt={4}>
        {(l.reasons ?? []).map((r) => (
          <Reason key={r.reason} r={r} />
        ))}
      </Stack>
      <Text size="sm" fw={600} mt="xs" mb={4}>
        {m.photos}
      </Text>
      {l.photos.length ? (
        <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" maw={520}>
          {l.photos.map((p, i) => (
            <Image key={p.id} src={p.url} alt={m.photoAlt(i + 1)} radius="sm" style={photoStyle} />
          ))}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="gray.7">
          {m.noPhotos}
        </Text>
      )}
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
 * Da approvare (issue 26): the listings held for review, oldest first, with why each waits
 * (a new advertiser, another account's photo shown beside the new one with the distance, the
 * screened terms) and how long; 'Approva' publishes, 'Rifiuta' needs the reason the owner reads.
 */
export default function ReviewSection() {
  const queue = useQuery(reviewQueueQuery());
  const [decision, setDecision] = useState<{ l: HeldListing; approve: boolean } | null>(null);
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
          {rows.map((l) => (
            <li key={l.id}>
              <HeldCard l={l} onDecide={(approve) => setDecision({ l, approve })} />
            </li>
          ))}
        </Stack>
      )}
      {decision && <DecisionDialog key={`${decision.l.id}:${decision.approve}`} l={decision.l} approve={decision.approve} onClose={() => setDecision(null)} />}
    </Stack>
  );
}
