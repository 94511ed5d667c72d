import { Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { t } from '@/lib/catalogue/index.ts';
import { listingPath } from '@/lib/paths.ts';
import { ATTRIBUTE_KEYS, availableNowBadge, dateBadge, formatRate, label, pendingBadge, promotionState, telUrl, visiblePhotos, whatsappUrl, verifiedBadge, type Listing } from './model.ts';
import { PhotoGallery } from './PhotoGallery.tsx';
import { FavouriteButton } from '@/features/favourites/index.ts';
import { flushStats, trackStats } from '@/features/stats/index.ts';

const d = t.listings.detail;

/**
 * A listing's page body: gallery, badges, contact, every field, share and report. The owner
 * sees it without the contact buttons and without 'Segnala annuncio'.
 */
export function ListingView({ listing, phone, owner = false, onReport }: { listing: Listing; phone: string | null; owner?: boolean; onReport?: () => void }) {
  const photos = visiblePhotos(listing);
  const promo = promotionState(listing);
  const available = availableNowBadge(listing, owner);
  const verified = verifiedBadge(listing);
  const date = dateBadge(listing);
  const tel = telUrl(phone);
  const wa = whatsappUrl(phone, d.whatsappText(listing.title));
  // Counted for the owner's statistics, sent at once: the tap may take the visitor away.
  const contactTapped = (type: 'call' | 'whatsapp') => {
    trackStats(type, listing.id);
    flushStats();
  };
  const share = async () => {
    const url = `${window.location.origin}${listingPath(listing.id)}`;
    try {
      if (navigator.share) {
        await navigator.share({ title: listing.title, text: d.shareText(listing.title, listing.city), url });
        return;
      }
      await navigator.clipboard.writeText(url);
      notifications.show({ message: d.shareCopied });
    } catch (err) {
      // Closing the share sheet is no error; a link that could not be copied is.
      if (!(err instanceof DOMException && err.name === 'AbortError')) notifications.show({ color: 'red', message: d.shareFailed });
    }
  };

  return (
    <Stack gap="md" mt="xs">
      <PhotoGallery photos={photos} title={listing.title} />
      <Group gap={6}>
        {promo === 'active' && <Badge color="red">{t.listings.card.hot}</Badge>}
        {promo === 'pending' && (
          <Badge color="yellow" tt="none" data-testid="badge-pending">
            {pendingBadge(listing)}
          </Badge>
        )}
        {available && (
          <Badge color="#1e6b31" tt="none" data-testid="badge-available-now">
            {available}
          </Badge>
        )}
        {listing.is_paused && <Badge color="gray">{t.listings.card.paused}</Badge>}
        <Badge variant="light" color="grape">
          {label('category', listing.category)}
        </Badge>
        <Badge variant="outline" color="gray" tt="none">
          {date.prefix} {date.date}
        </Badge>
        {verified && (
          <Badge color="teal.9" tt="none" data-testid="badge-verified">
            {verified}
          </Badge>
        )}
      </Group>
      <Title order={1} size="h2">
        {listing.title}
      </Title>
      <Text fw={500}>
        {[listing.city, listing.zone].filter(Boolean).join(' · ')}
        {listing.age != null && ` · ${t.listings.card.years(listing.age)}`}
        {listing.hourly_rate != null && ` · ${t.listings.card.ratePerHour(formatRate(listing.hourly_rate))}`}
      </Text>
      {!owner && (
        <>
          <Group grow>
            {tel && (
              <Button component="a" href={tel} color="pink" data-testid="contact-call" onClick={() => contactTapped('call')}>
                {d.call}
              </Button>
            )}
            {wa && (
              <Button
                component="a"
                href={wa}
                target="_blank"
                rel="noopener noreferrer"
                // White on Mantine's default green is 2.3:1 and on shade 9 4.4:1, under WCAG's 4.5: a darker green.
                color="#1e6b30"
                data-testid="contact-whatsapp"
                onClick={() => contactTapped('whatsapp')}
              >
                {d.whatsapp}
              </Button>
            )}
          </Group>
          {!tel && (
            <Text size="sm" c="dimmed">
              {d.noPhone}
            </Text>
          )}
        </>
      )}
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
          {[...ATTRIBUTE_KEYS, 'offered_services' as const].map((key) =>
            (listing[key] ?? []).length ? (
              <Group key={key} gap={6} align="baseline" wrap="wrap">
                <Text component="dt" size="sm" fw={600} miw={130}>
                  {d.fields[key]}
                </Text>
                <Group component="dd" gap={4} m={0} wrap="wrap">
                  {(listing[key] ?? []).map((v) => (
                    <Badge key={v} variant="light" color={key === 'offered_services' ? 'pink' : 'gray'} tt="none">
                      {label(key, v)}
                    </Badge>
                  ))}
                </Group>
              </Group>
            ) : null,
          )}
        </Stack>
      </section>
      <Divider />
      {/* Side by side when they fit, one under the other on a narrow phone: never cut. */}
      <Group gap="xs">
        {!owner && <FavouriteButton listing={listing} variant="inline" />}
        <Button variant="light" onClick={() => void share()} style={{ flex: '1 0 auto' }}>
          {d.share}
        </Button>
        {!owner && onReport && (
          <Button variant="subtle" color="red" onClick={onReport} style={{ flex: '1 0 auto' }}>
            {d.report}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
