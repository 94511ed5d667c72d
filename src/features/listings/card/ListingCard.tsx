import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { t } from '@/lib/catalogue/index.ts';
import { attributeBadges, isHeld, promotionState, stateBadges, visiblePhotos, type Listing } from '../model.ts';
import { CardBadge, type CardBadgeColor } from './CardBadge.tsx';
import { StateBadges } from './StateBadges.tsx';
import { FactBadges } from './FactBadges.tsx';
import { ListingPhotoImage } from './ListingPhotoImage.tsx';
import classes from './ListingCard.module.css';
import { listingPath } from '@/lib/paths.ts';
import { FavouriteButton } from '@/features/favourites/index.ts';

interface ListingCardProps {
  listing: Listing;
  /** Day and month only in the date badge. */
  compact?: boolean;
  /** The first card on a page: its photo loads eagerly (largest contentful paint). */
  priority?: boolean;
  now?: Date;
  /** Under the card's body: the owner's or staff's actions, loaded only by the screens that have them. */
  footer?: ReactNode;
}

const badgeColor = (key: string): CardBadgeColor => (key === 'offered_services' ? 'pink' : key === 'hourly_rate' ? 'teal' : 'gray');

/** The listing card: visitors see it without a footer, owners and staff with their actions in it. */
export function ListingCard({ listing, compact = false, priority = false, now, footer }: ListingCardProps) {
  // A premium card's other photos download once the visitor reaches for them, not with the page.
  const [swiped, setSwiped] = useState(false);
  const state = promotionState(listing, now);
  // The owner's card (one with a footer) also shows a scheduled promotion and the time
  // 'Disponibile ora' has left; 'Disponibile ora' only while its end is ahead (a cached card too).
  const states = stateBadges(listing, !!footer, now);
  const photos = visiblePhotos(listing, now);
  const held = isHeld(listing);
  const badges = attributeBadges(listing);
  const c = t.listings.card;
  const href = listingPath(listing.id);
  const titleId = `listing-title-${listing.id}`;
  const reveal = () => setSwiped(true);
  return (
    <article
      className={classes.card}
      aria-labelledby={titleId}
      data-testid="listing-card"
      data-promotion={state}
      data-paused={listing.is_paused || undefined}
    >
      <div className={classes.media}>
        {photos.length === 0 ? (
          <div role="img" aria-label={c.noPhoto} className={classes.noPhoto}>
            {c.noPhoto}
          </div>
        ) : (
          // The swipeable strip is one link; focusable, so keyboard users can scroll it too.
          <Link to={href} aria-label={c.open(listing.title)} data-testid="card-photos" className={classes.strip} onScroll={reveal} onFocus={reveal} onPointerDown={reveal} onTouchStart={reveal}>
            {photos.map((p, i) => (
              <div key={p.id} aria-hidden={i > 0 ? true : undefined} className={classes.slide}>
                <ListingPhotoImage
                  photo={p}
                  wanted={i === 0 || swiped}
                  place="card"
                  alt={c.photoAlt(listing.title, i + 1)}
                  eager={priority && i === 0}
                  held={held}
                  className={classes.photo}
                />
              </div>
            ))}
          </Link>
        )}
        {/* Owners and staff see their actions instead (their cards have a footer). */}
        {!footer && <FavouriteButton listing={listing} />}
        <span aria-hidden className={classes.watermark}>
          {c.watermark}
        </span>
        {/* Clear of the heart: the badges wrap inside the photo instead of running under it. */}
        <div className={classes.states} data-beside-heart={!footer || undefined} data-testid="card-states">
          <StateBadges badges={states} />
        </div>
      </div>
      <div className={classes.body}>
        <div className={classes.row}>
          <FactBadges listing={listing} compact={compact} />
        </div>
        <h2 className={classes.title} id={titleId}>
          <Link to={href}>{listing.title}</Link>
        </h2>
        {listing.description && <p className={classes.description}>{listing.description}</p>}
        <p className={classes.place}>
          {[listing.city, listing.zone].filter(Boolean).join(' · ')}
          {listing.age != null && ` · ${c.years(listing.age)}`}
        </p>
        {badges.length > 0 && (
          <div className={classes.tags} data-testid="attribute-badges">
            {badges.map((b) => (
              <CardBadge key={`${b.key}:${b.value}`} size="sm" variant={b.key === 'hourly_rate' ? 'filled' : 'light'} color={badgeColor(b.key)}>
                {b.label}
              </CardBadge>
            ))}
          </div>
        )}
      </div>
      {footer}
    </article>
  );
}
