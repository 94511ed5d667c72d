import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Group, Image, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { t } from '@/lib/catalogue/screens.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { listingPath } from '@/lib/paths.ts';
import { StoredPhoto } from '@/lib/ui/StoredPhoto.tsx';
import type { StaffVerification } from '../api.ts';
import { selfieQuery, useDecideVerification, verificationsQuery } from '../queries.ts';
import classes from './AdminCards.module.css';
import { DecisionQueue } from './DecisionQueue.tsx';

const m = t.verification.panel;

/** The selfie through a short-lived signed address (the bucket is staff-only). */
function Selfie({ v }: { v: StaffVerification }) {
  const url = useQuery(selfieQuery(v.selfie_path));
  if (url.isError) return <Text c="red.8">{m.selfieFailed}</Text>;
  if (!url.data) return <Skeleton style={{ aspectRatio: '4 / 5' }} maw={280} />;
  return <Image src={url.data} alt={m.selfieAlt(v.listing?.title ?? '')} radius="md" maw={280} data-testid="verification-selfie" />;
}

function VerificationCard({ v, actions }: { v: StaffVerification; actions: ReactNode }) {
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
      {/* On a phone the gesture wraps under the code: a line apart, not the gap between them. */}
      <Group gap="lg" mt="xs" style={{ rowGap: 'var(--mantine-spacing-xs)' }}>
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
              <StoredPhoto key={p.id} src={p.url} alt={m.photoAlt(i + 1)} radius="sm" style={{ aspectRatio: '4 / 5', objectFit: 'cover' }} />
            ))}
          </SimpleGrid>
        </div>
      </SimpleGrid>
      {actions}
    </Paper>
  );
}

/**
 * Verifiche (issue 26): the selfies waiting for staff, oldest first, each beside the listing's
 * photos with the code and gesture asked. A decision deletes the selfie, whatever it is.
 */
export default function VerificationsSection() {
  const queue = useQuery(verificationsQuery());
  const decide = useDecideVerification();
  return <DecisionQueue m={m} query={queue} decide={decide} titleOf={(v) => v.listing?.title ?? ''} card={(v, actions) => <VerificationCard v={v} actions={actions} />} />;
}
