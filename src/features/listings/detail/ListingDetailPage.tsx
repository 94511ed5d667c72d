import { startTransition, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { t } from '@/lib/catalogue/index.ts';
import { useDocumentTitle } from '@/lib/documentTitle.ts';
import { paths } from '@/lib/paths.ts';
import { useLatch } from '@/lib/useLatch.ts';
import { isUuid } from '@/lib/uuid.ts';
import { isOffline } from '@/lib/apiError.ts';
import type { ReportPayload } from '@/lib/outbox/senders.ts';
import { useOutbox } from '@/lib/outbox/useOutbox.ts';
import { Alert } from '@/lib/ui/Alert.tsx';
import { Button } from '@/lib/ui/Button.tsx';
import { lazyInMantine } from '@/lib/ui/inMantine.ts';
import { Loader } from '@/lib/ui/Loader.tsx';
import page from '@/lib/ui/page.module.css';
import { useViewer } from '@/features/auth/index.ts';
import { fetchListingDetail, fetchOwnListing, type ListingDetail } from '../api.ts';
import { ListingView } from './ListingView.tsx';
import { promotionState, type Listing } from '../model.ts';
import type { OwnerState } from './OwnerPanel.tsx';
import classes from './ListingDetailPage.module.css';
import { listingDetail } from '../prefetch.ts';
import { trackStats } from '@/features/stats/index.ts';
import { BackLink } from '@/lib/ui/BackLink.tsx';

// A visitor's page draws no Mantine component: the owner's actions and the report form, which
// do, load with Mantine's provider when they are needed.
const OwnerPanel = lazyInMantine(() => import('./OwnerPanel.tsx').then((m) => m.OwnerPanel));
const ReportDialog = lazyInMantine(() => import('./ReportDialog.tsx').then((m) => m.ReportDialog));

type State =
  | { kind: 'loading' }
  | { kind: 'offline' }
  | { kind: 'error' }
  | { kind: 'done'; detail: ListingDetail }
  /** The viewer's own listing, whatever its state. */
  | { kind: 'own'; listing: Listing; state: OwnerState; phone: string | null };

/** The search parameter that opens the report form (kept through signing in). */
const REPORT_PARAM = 'segnala';

/**
 * '/listing/:id': gallery, every field, contact, share and report; Italian notices for
 * paused/expired/offline. The owner sees their own listing in any state, with its state and
 * their actions instead of 'Segnala annuncio'.
 */
export default function ListingDetailPage() {
  const { id = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const viewer = useViewer();
  const userId = viewer.user?.id ?? null;
  const d = t.listings.detail;
  const [version, setVersion] = useState(0);
  // The answer is kept with the request it answers: another listing, viewer or version loads.
  const request = `${id} ${userId ?? ''} ${version}`;
  const [answer, setAnswer] = useState<{ request: string; state: State } | null>(null);
  const state: State = answer?.request === request ? answer.state : { kind: 'loading' };
  const [reportOpen, setReportOpen] = useState(false);
  const reportWanted = useLatch(reportOpen);
  // A report made offline waits in the outbox: said under the listing until it leaves.
  const reportWaiting = useOutbox()
    .byKind<ReportPayload>('report')
    .some((e) => e.payload.listingId === id);

  useEffect(() => {
    let live = true;
    resolve(id, userId, version)
      // The whole page at once is a big render: as a transition it yields to the browser.
      .then((next) => live && startTransition(() => setAnswer({ request, state: next })))
      .catch((err: unknown) => live && setAnswer({ request, state: { kind: isOffline(err) ? 'offline' : 'error' } }));
    return () => {
      live = false;
    };
  }, [id, userId, version, request]);

  const shown = state.kind === 'own' ? state.listing : state.kind === 'done' && state.detail.status === 'active' ? state.detail.listing : null;
  // A visitor's view of a listing on show counts for its owner's statistics (never the owner's own page).
  const viewed = state.kind === 'done' && state.detail.status === 'active' ? (state.detail.listing?.id ?? null) : null;
  const viewToken = state.kind === 'done' ? state.detail.viewToken : null;
  // The owner's own page reports too, without a token: it never counts, and tells the server her address (issue 41).
  const ownViewed = state.kind === 'own' ? state.listing.id : null;
  useEffect(() => {
    if (viewed) trackStats('view', viewed, viewToken);
    else if (ownViewed) trackStats('view', ownViewed);
  }, [viewed, viewToken, ownViewed]);
  useDocumentTitle(shown ? t.frame.titles.listingOf(shown.title, shown.city) : t.frame.titles.listing);

  // Back from signing in to report: the form opens again on this listing.
  const reportAsked = searchParams.has(REPORT_PARAM);
  const settled = state.kind !== 'loading';
  const reportable = !!shown && state.kind === 'done';
  useEffect(() => {
    if (!reportAsked || !viewer.ready || !settled) return;
    setSearchParams(
      (p) => {
        p.delete(REPORT_PARAM);
        return p;
      },
      { replace: true },
    );
    // The parameter is removed just above, so this runs once per arrival from signing in: opening
    // the form follows that navigation, which only an effect sees settle.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (viewer.signedIn && reportable) setReportOpen(true);
  }, [reportAsked, settled, reportable, viewer.ready, viewer.signedIn, setSearchParams]);

  const changed = useCallback(() => setVersion((v) => v + 1), []);

  const back = <BackLink fallback={paths.home} />;

  if (state.kind === 'loading')
    return (
      <div className={classes.loading}>
        <Loader label={t.search.loading} />
      </div>
    );

  if (state.kind === 'own')
    return (
      <div className={page.narrow}>
        {back}
        <Suspense fallback={<Loader label={t.search.loading} />}>
          <OwnerPanel listingId={state.listing.id} state={state.state} listing={state.listing} banned={viewer.banned} onChanged={changed} />
        </Suspense>
        <ListingView listing={state.listing} phone={state.phone} owner />
      </div>
    );

  if (state.kind !== 'done' || state.detail.status !== 'active' || !state.detail.listing) {
    const missing = state.kind === 'done' && state.detail.status === 'missing';
    const message =
      state.kind === 'offline'
        ? d.offline
        : state.kind === 'error'
          ? d.loadError
          : state.detail.status === 'paused'
            ? d.paused
            : state.detail.status === 'expired'
              ? d.expired
              : d.notFound;
    return (
      <div className={page.narrow}>
        {back}
        <div className={classes.notice}>
          <Alert color={missing ? 'gray' : 'yellow'} title={message} data-testid="listing-notice">
            {missing && <p className={page.text}>{d.notFoundHint}</p>}
            <Button component={Link} to={paths.home} variant="white" size="xs" className={classes.toHome}>
              {d.toHome}
            </Button>
          </Alert>
        </div>
      </div>
    );
  }

  const { listing, phone } = state.detail;
  return (
    <div className={page.narrow}>
      {back}
      <ListingView listing={listing} phone={phone} onReport={() => setReportOpen(true)} />
      {reportWaiting && (
        // Under the centred 'Segnala annuncio' it belongs to, as a note: body text left-aligned read as part of the listing.
        <p className={page.small} style={{ textAlign: 'center' }} role="status" data-testid="report-waiting">
          {t.listings.report.waiting}
        </p>
      )}
      {reportWanted && (
        <Suspense fallback={null}>
          <ReportDialog listingId={listing.id} signedIn={viewer.signedIn} reportParam={REPORT_PARAM} opened={reportOpen} onClose={() => setReportOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

/** The public detail, or for a signed-in owner their own listing in whatever state it is. */
async function resolve(id: string, userId: string | null, version: number): Promise<State> {
  // After the owner's own change, a fresh answer rather than the one boot.ts may have started.
  const detail = await (version === 0 ? listingDetail(id) : fetchListingDetail(id));
  const someoneElses = detail.listing && detail.listing.user_id !== userId;
  // 'missing' to the public includes a listing in review or refused: its owner still opens it.
  if (!userId || someoneElses || !isUuid(id)) return { kind: 'done', detail };
  const own = await fetchOwnListing(id, userId);
  if (!own) return { kind: 'done', detail };
  const expired = own.expires_at !== null && Date.parse(own.expires_at) <= Date.now();
  const state: OwnerState =
    own.review_status === 'pending'
      ? 'review'
      : own.review_status === 'rejected'
        ? 'rejected'
        : own.is_paused
          ? 'paused'
          : expired
            ? 'expired'
            : promotionState(own) === 'pending'
              ? 'pending'
              : 'active';
  return { kind: 'own', listing: own, state, phone: detail.phone };
}
