import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Alert, Badge, Button, Center, Container, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { t } from '@/lib/catalogue/index.ts';
import { useLatch } from '@/lib/useLatch.ts';
import { isOffline } from '@/lib/apiError.ts';
import type { ListingDetail } from './api.ts';
import { listingDetail } from './prefetch.ts';
import { ATTRIBUTE_KEYS, dateBadge, formatRate, label, promotionState, telUrl, visiblePhotos, whatsappUrl } from './model.ts';
import { PhotoGallery } from './PhotoGallery.tsx';

// The report form loads when first asked for.
const ReportDialog = lazy(() => import('./ReportDialog.tsx').then((m) => ({ default: m.ReportDialog })));

type State = { kind: 'loading' } | { kind: 'offline' } | { kind: 'error' } | { kind: 'done'; detail: ListingDetail };

/** '/listing/:id': gallery, every field, contact, share and report; Italian notices for paused/expired/offline. */
export default function ListingDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const d = t.listings.detail;
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [reportOpen, setReportOpen] = useState(false);
  const reportWanted = useLatch(reportOpen);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    listingDetail(id)
      // The whole page at once is a big render: as a transition it yields to the browser.
      .then((detail) => live && startTransition(() => setState({ kind: 'done', detail })))
      .catch((err: unknown) => live && setState({ kind: isOffline(err) ? 'offline' : 'error' }));
    return () => {
      live = false;
    };
  }, [id]);

  const back = (
    <Button variant="subtle" px={0} onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}>
      ‹ {d.back}
    </Button>
  );

  if (state.kind === 'loading')
    return (
      <Center py="xl" mih="100dvh" style={{ alignItems: 'flex-start' }}>
        <Loader aria-label={t.search.loading} />
      </Center>
    );

  if (state.kind !== 'done' || state.detail.status !== 'active' || !state.detail.listing) {
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
      <Container size="sm" px="sm" py="md">
        {back}
        <Alert color={state.kind === 'done' && state.detail.status === 'missing' ? 'gray' : 'yellow'} title={message} mt="md" data-testid="listing-notice">
          {state.kind === 'done' && state.detail.status === 'missing' && <Text size="sm">{d.notFoundHint}</Text>}
          <Button component={Link} to="/" variant="light" mt="sm" size="xs">
            {d.toHome}
          </Button>
        </Alert>
      </Container>
    );
  }

  const { listing, phone } = state.detail;
  const photos = visiblePhotos(listing);
  const promo = promotionState(listing);
  const date = dateBadge(listing);
  const tel = telUrl(phone);
  const wa = whatsappUrl(phone, d.whatsappText(listing.title));
  const share = async () => {
    const url = `${window.location.origin}/listing/${listing.id}`;
    try {
      if (navigator.share) {
        await navigator.share({ title: listing.title, text: d.shareText(listing.title), url });
        return;
      }
      await navigator.clipboard.writeText(url);
      notifications.show({ message: d.shareCopied });
    } catch {
      /* share sheet dismissed */
    }
  };

  return (
    <Container size="sm" px="sm" py="md">
      {back}
      <Stack gap="md" mt="xs">
        <PhotoGallery photos={photos} title={listing.title} />
        <Group gap={6}>
          {promo === 'active' && <Badge color="red">{t.listings.card.hot}</Badge>}
          {promo === 'pending' && <Badge color="yellow">{t.listings.card.pending}</Badge>}
          <Badge variant="light" color="grape">
            {label('category', listing.category)}
          </Badge>
          <Badge variant="outline" color="gray" tt="none">
            {date.prefix} {date.date}
          </Badge>
        </Group>
        <Title order={1} size="h2">
          {listing.title}
        </Title>
        <Text fw={500}>
          {[listing.city, listing.zone].filter(Boolean).join(' · ')}
          {listing.age != null && ` · ${t.listings.card.years(listing.age)}`}
          {listing.hourly_rate != null && ` · ${t.listings.card.ratePerHour(formatRate(listing.hourly_rate))}`}
        </Text>
        <Group grow>
          {tel && (
            <Button component="a" href={tel} color="pink" data-testid="contact-call">
              {d.call}
            </Button>
          )}
          {wa && (
            <Button component="a" href={wa} target="_blank" rel="noopener noreferrer" color="green" data-testid="contact-whatsapp">
              {d.whatsapp}
            </Button>
          )}
        </Group>
        {!tel && <Text size="sm" c="dimmed">{d.noPhone}</Text>}
        <Divider />
        <section aria-labelledby="detail-description">
          <Title order={2} size="h4" id="detail-description" mb={4}>
            {d.description}
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{listing.description}</Text>
        </section>
        <section aria-labelledby="detail-details">
          <Title order={2} size="h4" id="detail-details" mb={4}>
            {d.details}
          </Title>
          <Stack gap={6} component="dl" style={{ margin: 0 }}>
            {ATTRIBUTE_KEYS.map((key) =>
              (listing[key] ?? []).length ? (
                <Group key={key} gap={6} align="baseline" wrap="wrap">
                  <Text component="dt" size="sm" fw={600} miw={130}>
                    {d.fields[key]}
                  </Text>
                  <Group component="dd" gap={4} m={0} wrap="wrap">
                    {(listing[key] ?? []).map((v) => (
                      <Badge key={v} variant="light" color="gray" tt="none">
                        {label(key, v)}
                      </Badge>
                    ))}
                  </Group>
                </Group>
              ) : null,
            )}
            {listing.offered_services?.length ? (
              <Group gap={6} align="baseline" wrap="wrap">
                <Text component="dt" size="sm" fw={600} miw={130}>
                  {d.fields.offered_services}
                </Text>
                <Group component="dd" gap={4} m={0} wrap="wrap">
                  {listing.offered_services.map((v) => (
                    <Badge key={v} variant="light" color="pink" tt="none">
                      {label('offered_services', v)}
                    </Badge>
                  ))}
                </Group>
              </Group>
            ) : null}
          </Stack>
        </section>
        <Divider />
        <Group grow>
          <Button variant="light" onClick={() => void share()}>
            {d.share}
          </Button>
          <Button variant="subtle" color="red" onClick={() => setReportOpen(true)}>
            {d.report}
          </Button>
        </Group>
      </Stack>
      {reportWanted && (
        <Suspense fallback={null}>
          <ReportDialog listingId={listing.id} opened={reportOpen} onClose={() => setReportOpen(false)} />
        </Suspense>
      )}
    </Container>
  );
}
