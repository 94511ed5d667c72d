import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { Alert, Button, Group, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router-dom';
import { failureMessage } from '@/lib/apiError.ts';
import { review } from '@/lib/catalogue/review.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { editListingPath, paths } from '@/lib/paths.ts';
import { setAutoRenew, setAvailableNow, setListingPaused } from '../api.ts';
import { availableNow, timeLeftUntil, type Listing } from '../model.ts';

// The photo manager (crop library, query cache) loads only when the owner opens it.
const PhotoManager = lazy(async () => {
  const [{ QueryClientProvider }, { queryClient }, photos] = await Promise.all([
    import('@tanstack/react-query'),
    import('@/lib/queryClient.ts'),
    import('@/features/photos/index.ts'),
  ]);
  return {
    default: (props: ComponentProps<typeof photos.PhotoManager>) => (
      <QueryClientProvider client={queryClient}>
        <photos.PhotoManager {...props} />
      </QueryClientProvider>
    ),
  };
});

/** 'review' and 'rejected': staff have not approved it (yet), so visitors do not see it. */
export type OwnerState = 'active' | 'pending' | 'paused' | 'expired' | 'review' | 'rejected';

const o = t.listings.detail.owner;
const tools = t.myListings.tools;

/** The owner's own listing: what visitors see of it now, and what the owner can do ('Disponibile ora' and 'Rinnovo automatico' too). */
export function OwnerPanel({
  listingId,
  state,
  listing,
  banned = false,
  onChanged,
}: {
  listingId: string;
  state: OwnerState;
  listing?: Pick<Listing, 'available_until' | 'auto_renew' | 'is_paused' | 'photos_verified_at'>;
  /** A banned owner: the listing's state and why nothing can be changed, no actions the server would refuse. */
  banned?: boolean;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [photosOpen, setPhotosOpen] = useState(false);
  const [toolBusy, setToolBusy] = useState(false);
  const live = state === 'active' || state === 'pending';
  // Issue 40: in review or refused, pausing and switching on the automatic renewal are off, and say why.
  const blocked = state === 'review' ? review.owner.blocked.pending : state === 'rejected' ? review.owner.blocked.rejected : null;
  const blockedId = `owner-blocked-${listingId}`;
  const autoRenewBlocked = !!blocked && !listing?.auto_renew;
  // A paused listing in review shows 'review': its pause comes from the row.
  const isPaused = state === 'paused' || !!listing?.is_paused;
  const available = listing ? availableNow(listing) : null;
  const run = async (action: () => Promise<string>) => {
    setToolBusy(true);
    try {
      notifications.show({ color: 'green', message: await action() });
      onChanged();
    } catch (err) {
      notifications.show({ color: 'red', message: failureMessage(err, tools.failed) });
    } finally {
      setToolBusy(false);
    }
  };
  const switchAvailable = () =>
    run(async () => {
      const until = await setAvailableNow(listingId, !available);
      return until ? tools.availableOnDone(timeLeftUntil(until)) : tools.availableOffDone;
    });
  const switchAutoRenew = (on: boolean) =>
    run(async () => {
      await setAutoRenew(listingId, on);
      return on ? tools.autoRenewOnDone : tools.autoRenewOffDone;
    });
  const toggle = async () => {
    setBusy(true);
    const pause = !isPaused;
    try {
      await setListingPaused(listingId, pause);
      notifications.show({ color: 'green', message: pause ? o.paused_done : o.resumed_done });
      onChanged();
    } catch (err) {
      notifications.show({ color: 'red', message: failureMessage(err, o.actionError) });
    } finally {
      setBusy(false);
    }
  };
  if (banned) {
    return (
      <Alert color="yellow" title={o[state]} mt="xs" data-testid="owner-notice">
        <Text size="sm">{o.banned}</Text>
        <Button component={Link} to={paths.banned} size="xs" variant="white" mt="xs">
          {o.bannedDetails}
        </Button>
      </Alert>
    );
  }
  return (
    <Alert color="yellow" title={o[state]} mt="xs" data-testid="owner-notice">
      <Group gap="xs" mt={4}>
        <Button component={Link} to={editListingPath(listingId)} size="xs" variant="white">
          {o.edit}
        </Button>
        {state !== 'expired' && (
          <Button
            size="xs"
            variant="white"
            loading={busy}
            disabled={!!blocked && !isPaused}
            aria-describedby={blocked && !isPaused ? blockedId : undefined}
            onClick={() => void toggle()}
          >
            {isPaused ? o.resume : o.pause}
          </Button>
        )}
        <Button size="xs" variant="white" onClick={() => setPhotosOpen(true)}>
          {t.photos.manager.open}
        </Button>
        <Button component={Link} to={paths.myListings} size="xs" variant="white">
          {o.myListings}
        </Button>
        {listing && live && (
          <Button size="xs" variant={available ? 'white' : 'filled'} color="#1e6b31" loading={toolBusy} onClick={() => void switchAvailable()} title={tools.availableHint}>
            {available ? tools.availableOff : tools.availableOn}
          </Button>
        )}
      </Group>
      {listing && state !== 'expired' && (
        <Switch
          mt="xs"
          size="sm"
          label={tools.autoRenew}
          checked={!!listing.auto_renew}
          disabled={toolBusy || autoRenewBlocked}
          aria-describedby={autoRenewBlocked ? blockedId : undefined}
          onChange={(e) => void switchAutoRenew(e.currentTarget.checked)}
        />
      )}
      {blocked && state !== 'expired' && (
        <Text size="xs" mt="xs" id={blockedId} data-testid="owner-blocked">
          {blocked}
        </Text>
      )}
      {photosOpen && (
        <Suspense fallback={null}>
          <PhotoManager
            listingId={listingId}
            verifiedAt={listing?.photos_verified_at}
            opened
            onClose={() => {
              setPhotosOpen(false);
              onChanged();
            }}
          />
        </Suspense>
      )}
    </Alert>
  );
}
