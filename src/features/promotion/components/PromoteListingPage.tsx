import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Alert, Anchor, Button, Card, Container, SegmentedControl, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { myListingsPath, paths } from '@/lib/paths.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { useNow } from '@/lib/useNow.ts';
import { useViewer } from '@/features/auth/index.ts';
import { AppliedCouponNote, useCouponsStore } from '@/features/coupons/index.ts';
import { OwnListingNotFound } from '@/features/listings/signed-in.ts';
import { ownProfileQuery } from '@/features/profile/index.ts';
import { daysLabel, parseMode, promotionPrice, scheduledStartAt, type Mode, type ScheduledStart } from '../model.ts';
import { listingQuery, pendingQuery, pricingQuery, usePromote } from '../queries.ts';
import { PackageChoice } from './PackageChoice.tsx';
import { BackLink } from '@/lib/ui/BackLink.tsx';

const m = t.money.promotion;

// The day-and-hour picker loads only when a later start is chosen.
const StartScheduler = lazy(() => import('./StartScheduler.tsx'));

/** /promote-listing/:listingId: choose day or night, a duration and a start; or extend the running one. */
export default function PromoteListingPage() {
  const { listingId = '' } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const { user } = useViewer();
  const couponId = useCouponsStore((s) => (s.owner === user?.id ? (s.applied?.couponId ?? null) : null));
  const listing = useQuery(listingQuery(user, listingId));
  const pricing = useQuery(pricingQuery());
  const pending = useQuery(pendingQuery(user, couponId));
  const profile = useQuery(ownProfileQuery(user));
  const promote = usePromote();
  const navigate = useNavigate();
  const l = listing.data;
  // The later of opening and the listing's last answer: a promotion bought a moment ago has started.
  const now = Math.max(useNow(), listing.dataUpdatedAt);
  const running = l && l.is_premium && l.promotion_end_at && Date.parse(l.promotion_end_at) > now ? l : null;
  const runningMode = (running?.promotion_mode as Mode | undefined) ?? null;
  const [mode, setMode] = useState<Mode>(parseMode(params.get('mode')) ?? runningMode ?? 'day');
  const [days, setDays] = useState(3);
  const [later, setLater] = useState(false);
  const [start, setStart] = useState<ScheduledStart | null>(null);
  const startAt = start && start.hour >= 0 ? scheduledStartAt(start) : null;
  const startPast = !!startAt && startAt.getTime() <= now;

  if (listing.isError || pricing.isError) {
    const failed = listing.isError ? listing : pricing;
    return (
      <Container size="sm" px="md" py="lg">
        <LoadError error={failed.error} fallback={m.loadFailed} onRetry={() => void failed.refetch()} />
      </Container>
    );
  }
  // Someone else's listing is refused before its title, the prices or the balance show, as /edit-listing does.
  if (listing.data === null) return <OwnListingNotFound />;
  if (!l || !pricing.data) {
    return (
      <Container size="sm" px="md" py="lg">
        <Skeleton height={300} radius="md" aria-busy="true" />
      </Container>
    );
  }

  const extending = !!running && runningMode === mode;
  const otherMode = !!running && runningMode !== mode;
  const isPending = !!running && !!running.promotion_start_at && Date.parse(running.promotion_start_at) > now;
  const expired = Date.parse(l.expires_at) <= now;
  const { price, discount, cost } = promotionPrice(pricing.data.perDay[mode], days, pending.data ?? null);
  const balance = profile.data?.credits;
  const tooFew = balance !== undefined && balance < cost;
  const refusal = l.is_paused ? m.paused : expired ? m.expired : otherMode ? m.otherMode : null;
  const back = `${location.pathname}${location.search}`;

  const submit = () =>
    promote.mutate(
      { listingId, mode, days, startAt: !extending && later && startAt ? startAt.toISOString() : null },
      {
        // Back to her listings with this card in view ('Hot' or 'In Attesa'): the form, now
        // offering 'Estendi', would invite a second purchase (issue 43).
        onSuccess: () => {
          toastSuccess(extending ? m.extended : later && startAt ? m.scheduled : m.done);
          void navigate(myListingsPath(listingId));
        },
        onError: (err) => toastError(err.message || m.failed),
      },
    );

  return (
    <Container size="sm" px="md" py="lg">
      <BackLink to={paths.dashboard} />
      <Title order={1} size="h2">
        {m.title}
      </Title>
      <Text fw={600} mb="sm">
        {l.title}
      </Text>
      {running && (
        <Alert color={isPending ? 'yellow' : 'orange'} mb="sm" title={isPending ? m.pending : m.hot} data-testid="promotion-state">
          {isPending
            ? m.pendingText(m.modes[runningMode ?? 'day'].name, formatDateTime(running.promotion_start_at!))
            : m.extendText(m.modes[runningMode ?? 'day'].name, formatDateTime(running.promotion_end_at!))}
        </Alert>
      )}
      <Stack gap="md">
        <PackageChoice value={mode} onChange={setMode} perDay={pricing.data.perDay} />
        <Text size="sm" c="gray.7">
          {m.both}
        </Text>
        <Select
          label={m.duration}
          value={String(days)}
          onChange={(v) => v && setDays(Number(v))}
          data={pricing.data.durations.map((d) => ({ value: String(d), label: daysLabel(d) }))}
          allowDeselect={false}
        />
        {!extending && (
          <>
            <SegmentedControl
              aria-label={m.start}
              fullWidth
              value={later ? 'later' : 'now'}
              onChange={(v) => setLater(v === 'later')}
              data={[
                { value: 'now', label: m.startNow },
                { value: 'later', label: m.startLater },
              ]}
            />
            {later && (
              <Suspense fallback={<Text size="sm">{m.schedulerLoading}</Text>}>
                <StartScheduler value={start} onChange={setStart} now={new Date(now)} />
              </Suspense>
            )}
            {later && startPast && <Alert color="yellow">{m.startPast}</Alert>}
          </>
        )}
        <Card withBorder radius="md" p="sm">
          <Text size="sm" c="gray.7">
            {m.price}
          </Text>
          {discount > 0 && (
            <Text size="sm" td="line-through" c="gray.7">
              {m.credits(price)}
            </Text>
          )}
          <Text fz={24} fw={800} data-testid="promotion-cost">
            {m.credits(cost)}
          </Text>
          {discount > 0 && pending.data && (
            <Text size="sm" c="teal.9">
              {m.discount(pending.data.code, discount)}
            </Text>
          )}
          {balance !== undefined && <Text size="sm">{m.balance(balance)}</Text>}
        </Card>
        <AppliedCouponNote />
        {refusal && (
          <Alert color="red" data-testid="promotion-refusal">
            {refusal}
          </Alert>
        )}
        {tooFew && !refusal && (
          <Alert color="yellow">
            {m.tooFew}{' '}
            <Anchor component={Link} to={`${paths.buyCredits}?back=${encodeURIComponent(back)}`}>
              {m.buyCredits}
            </Anchor>
          </Alert>
        )}
        <Button size="md" onClick={submit} loading={promote.isPending} disabled={!!refusal || tooFew || (later && !extending && (!startAt || startPast))}>
          {extending ? m.extend : m.buy}
        </Button>
      </Stack>
    </Container>
  );
}
