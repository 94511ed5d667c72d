import { t } from '@/lib/catalogue/index.ts';
import { listingPath } from '@/lib/paths.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { Button } from '@/lib/ui/Button.tsx';
import page from '@/lib/ui/page.module.css';
import { detailFields, formatRate, isHeld, label, stateBadges, telUrl, visiblePhotos, whatsappUrl, type Listing } from '../model.ts';
import { CardBadge } from '../card/CardBadge.tsx';
import { FactBadges } from '../card/FactBadges.tsx';
import { StateBadges } from '../card/StateBadges.tsx';
import { PhotoGallery } from './PhotoGallery.tsx';
import classes from './ListingView.module.css';
import { FavouriteButton } from '@/features/favourites/index.ts';
import { flushStats, trackStats } from '@/features/stats/index.ts';

const d = t.listings.detail;

/**
 * A listing's page body: gallery, badges, contact, every field, share and report. The owner
 * sees it without the contact buttons and without 'Segnala annuncio'. Plain elements on
 * Mantine's variables: a visitor's listing page loads no Mantine component code.
 */
export function ListingView({ listing, phone, owner = false, onReport }: { listing: Listing; phone: string | null; owner?: boolean; onReport?: () => void }) {
  const photos = visiblePhotos(listing);
  const states = stateBadges(listing, owner);
  const fields = detailFields(listing);
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
      toastSuccess(d.shareCopied);
    } catch (err) {
      // Closing the share sheet is no error; a link that could not be copied is.
      if (!(err instanceof DOMException && err.name === 'AbortError')) toastError(d.shareFailed);
    }
  };

  return (
    <div className={classes.view}>
      <PhotoGallery photos={photos} title={listing.title} held={isHeld(listing)} />
      <div className={classes.badges}>
        <StateBadges badges={states} />
        <FactBadges listing={listing} />
      </div>
      <h1 className={page.title}>{listing.title}</h1>
      <p className={classes.facts}>
        {[listing.city, listing.zone].filter(Boolean).join(' · ')}
        {listing.age != null && ` · ${t.listings.card.years(listing.age)}`}
        {listing.hourly_rate != null && ` · ${t.listings.card.ratePerHour(formatRate(listing.hourly_rate))}`}
      </p>
      {!owner && (
        <>
          <div className={classes.contact}>
            {tel && (
              <Button component="a" href={tel} data-testid="contact-call" onClick={() => contactTapped('call')}>
                {d.call}
              </Button>
            )}
            {wa && (
              <Button component="a" href={wa} target="_blank" rel="noopener noreferrer" color="green" data-testid="contact-whatsapp" onClick={() => contactTapped('whatsapp')}>
                {d.whatsapp}
              </Button>
            )}
          </div>
          {!tel && <p className={page.dimmed}>{d.noPhone}</p>}
        </>
      )}
      <hr className={classes.divider} />
      <section aria-labelledby="detail-description">
        <h2 className={classes.heading} id="detail-description">
          {d.description}
        </h2>
        <p className={classes.description}>{listing.description}</p>
      </section>
      {/* No heading over nothing: a listing without attributes or services has no section. */}
      {fields.length > 0 && (
        <section aria-labelledby="detail-details">
          <h2 className={classes.heading} id="detail-details">
            {d.details}
          </h2>
          <dl className={classes.fields}>
            {fields.map((key) => (
              <div key={key} className={classes.field}>
                <dt>{d.fields[key]}</dt>
                <dd>
                  {(listing[key] ?? []).map((v) => (
                    <CardBadge key={v} variant="light" color={key === 'offered_services' ? 'pink' : 'gray'}>
                      {label(key, v)}
                    </CardBadge>
                  ))}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <hr className={classes.divider} />
      {/* Side by side when they fit, one under the other on a narrow phone: never cut. */}
      <div className={classes.actions}>
        {!owner && <FavouriteButton listing={listing} variant="inline" />}
        <Button variant="light" className={classes.grow} onClick={() => void share()}>
          {d.share}
        </Button>
        {!owner && onReport && (
          <Button variant="subtle" color="red" className={classes.grow} onClick={onReport}>
            {d.report}
          </Button>
        )}
      </div>
    </div>
  );
}
