import { Badge, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { t } from '@/lib/catalogue/index.ts';
import { attributeBadges, dateBadge, label, promotionState, visiblePhotos, type Listing } from './model.ts';
import { ListingPhotoImage } from './ListingPhotoImage.tsx';

export interface ListingCardProps {
  listing: Listing;
  /** Day and month only in the date badge. */
  compact?: boolean;
  /** The first card on a page: its photo loads eagerly (largest contentful paint). */
  priority?: boolean;
  now?: Date;
}

/** The listing card of SPEC §2 for visitors (no owner actions). */
export function ListingCard({ listing, compact = false, priority = false, now }: ListingCardProps) {
  const state = promotionState(listing, now);
  const photos = visiblePhotos(listing, now);
  const date = dateBadge(listing, compact);
  const badges = attributeBadges(listing);
  const c = t.listings.card;
  const href = `/listing/${listing.id}`;
  const titleId = `listing-title-${listing.id}`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      padding="sm"
      radius="md"
      data-testid="listing-card"
      data-promotion={state}
      bg={listing.is_paused ? 'gray.1' : undefined}
    >
      <Card.Section>
        <Box pos="relative">
          {photos.length === 0 ? (
            <Box
              role="img"
              aria-label={c.noPhoto}
              style={{ aspectRatio: '4 / 5', maxHeight: 360, width: '100%', background: 'linear-gradient(135deg,#f8bbd0,#e1bee7)', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
            >
              <Text c="pink.9" fw={600}>
                {c.noPhoto}
              </Text>
            </Box>
          ) : (
            <Box
              data-testid="card-photos"
              style={{ display: 'flex', overflowX: 'auto', scrollSnapType: 'x mandatory', gap: 2 }}
            >
              {photos.map((p, i) => (
                <Link key={p.id} to={href} tabIndex={-1} aria-hidden={i > 0 ? true : undefined} style={{ flex: '0 0 100%', scrollSnapAlign: 'start' }}>
                  <ListingPhotoImage
                    src={p.url}
                    alt={c.photoAlt(listing.title, i + 1)}
                    eager={priority && i === 0}
                    style={{ width: '100%', maxHeight: 360, objectFit: 'cover' }}
                  />
                </Link>
              ))}
            </Box>
          )}
          <Text
            aria-hidden
            size="xs"
            fw={700}
            c="white"
            pos="absolute"
            style={{ right: 8, bottom: 8, opacity: 0.8, textShadow: '0 1px 3px rgba(0,0,0,.8)', pointerEvents: 'none', letterSpacing: 1 }}
          >
            {c.watermark}
          </Text>
          <Group gap={4} pos="absolute" style={{ left: 8, top: 8 }}>
            {state === 'active' && (
              <Badge color="red" variant="filled" data-testid="badge-hot">
                {c.hot}
              </Badge>
            )}
            {state === 'pending' && (
              <Badge color="yellow" variant="filled">
                {c.pending}
              </Badge>
            )}
            {listing.is_paused && (
              <Badge color="gray" variant="filled">
                {c.paused}
              </Badge>
            )}
          </Group>
        </Box>
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group gap={6} wrap="wrap">
          <Badge variant="light" color="grape">
            {label('category', listing.category)}
          </Badge>
          <Badge variant="outline" color="gray" tt="none">
            {date.prefix} {date.date}
          </Badge>
        </Group>
        <Title order={2} size="h4" id={titleId} lineClamp={2}>
          <Link to={href} style={{ color: 'inherit', textDecoration: 'none' }}>
            {listing.title}
          </Link>
        </Title>
        {listing.description && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {listing.description}
          </Text>
        )}
        <Text size="sm" fw={500}>
          {[listing.city, listing.zone].filter(Boolean).join(' · ')}
          {listing.age != null && ` · ${c.years(listing.age)}`}
        </Text>
        {badges.length > 0 && (
          <Group gap={4} wrap="wrap" data-testid="attribute-badges">
            {badges.map((b) => (
              <Badge
                key={`${b.key}:${b.value}`}
                size="sm"
                radius="sm"
                variant={b.key === 'hourly_rate' ? 'filled' : 'light'}
                color={b.key === 'offered_services' ? 'pink' : b.key === 'hourly_rate' ? 'teal' : 'gray'}
                tt="none"
              >
                {b.label}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
