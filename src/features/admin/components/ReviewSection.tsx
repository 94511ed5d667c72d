import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { review } from '@/lib/catalogue/review.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { StoredPhoto } from '@/lib/ui/StoredPhoto.tsx';
import { reasonLabel, waitingFor, type DuplicateMatch, type HeldListing, type HoldReason } from '../review/model.ts';
import { reviewQueueQuery, useDecideReview } from '../reviewQueue.ts';
import classes from './AdminCards.module.css';
import { DecisionQueue } from './DecisionQueue.tsx';
import { PanelBadge } from './PanelBadge.tsx';

const m = review.panel;
const photoStyle = { aspectRatio: '4 / 5', objectFit: 'cover' } as const;

/** The new photo beside the other account's, with how far apart their hashes are. */
function DuplicatePair({ match }: { match: DuplicateMatch }) {
  const owner = match.other_owner_email ?? '—';
  return (
    <Stack gap={4} data-testid="duplicate-pair">
      <SimpleGrid cols={2} spacing="xs" maw={420}>
        <figure style={{ margin: 0 }}>
          {match.photo_url ? <StoredPhoto src={match.photo_url} held alt={m.newPhoto} radius="sm" style={photoStyle} /> : <Skeleton style={photoStyle} />}
          <Text component="figcaption" size="xs" c="gray.7">
            {m.newPhoto}
          </Text>
        </figure>
        <figure style={{ margin: 0 }}>
          {match.other_photo_url ? (
            <StoredPhoto src={match.other_photo_url} alt={m.otherPhoto(owner)} radius="sm" style={photoStyle} />
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

function HeldCard({ l, actions }: { l: HeldListing; actions: ReactNode }) {
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
            <StoredPhoto key={p.id} src={p.url} held alt={m.photoAlt(i + 1)} radius="sm" style={photoStyle} />
          ))}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="gray.7">
          {m.noPhotos}
        </Text>
      )}
      {actions}
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
  const decide = useDecideReview();
  return <DecisionQueue m={m} query={queue} decide={decide} titleOf={(l) => l.title} card={(l, actions) => <HeldCard l={l} actions={actions} />} />;
}
