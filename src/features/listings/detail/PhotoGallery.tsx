import { useRef, useState } from 'react';
import { t } from '@/lib/catalogue/index.ts';
import type { ListingPhoto } from '../model.ts';
import { ListingPhotoImage } from '../card/ListingPhotoImage.tsx';
import classes from './PhotoGallery.module.css';

/**
 * Swipeable photo gallery (CSS scroll-snap: native touch swipe), with buttons and dots for keyboard
 * users. Every photo (at most 5) loads, so a listing opened online has them all offline; the
 * others are asked for once the first is shown, so that on a phone they do not share its bandwidth.
 */
/** `held`: the listing waits for review or was refused, its owner or staff sees the held copies. */
export function PhotoGallery({ photos, title, held = false }: { photos: ListingPhoto[]; title: string; held?: boolean }) {
  const d = t.listings.detail;
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [restWanted, setRestWanted] = useState(false);
  const wantRest = () => setRestWanted(true);
  // Once the first photo has been drawn (decoded, then the frame after), not merely loaded:
  // the page's largest paint is then not held up by the others' downloads.
  const afterFirstShown = (img: HTMLImageElement) =>
    void img
      .decode()
      .catch(() => undefined)
      .then(() => requestAnimationFrame(() => setTimeout(wantRest)));
  const go = (i: number) => {
    wantRest();
    const el = track.current;
    const n = Math.max(0, Math.min(photos.length - 1, i));
    setIndex(n);
    if (el) el.scrollTo?.({ left: n * el.clientWidth, behavior: 'smooth' });
  };
  const onScroll = () => {
    wantRest();
    const el = track.current;
    if (el && el.clientWidth) setIndex(Math.round(el.scrollLeft / el.clientWidth));
  };
  if (photos.length === 0) return null;
  return (
    <section aria-label={d.gallery} aria-roledescription="carousel" className={classes.gallery}>
      <div
        ref={track}
        onScroll={onScroll}
        data-testid="gallery"
        tabIndex={0}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') go(index + 1);
          if (e.key === 'ArrowLeft') go(index - 1);
        }}
        className={classes.track}
      >
        {photos.map((p, i) => (
          <div key={p.id} role="group" aria-roledescription="slide" aria-label={d.photoOf(i + 1, photos.length)} className={classes.slide}>
            <ListingPhotoImage
              photo={p}
              wanted={i === 0 || restWanted}
              place="gallery"
              alt={t.listings.card.photoAlt(title, i + 1)}
              eager
              priority={i === 0}
              held={held}
              onSettled={i === 0 ? afterFirstShown : undefined}
              style={{ width: '100%', objectFit: 'cover' }}
            />
            <span aria-hidden className={classes.watermark}>
              {t.listings.card.watermark}
            </span>
          </div>
        ))}
      </div>
      {photos.length > 1 && (
        <>
          <button type="button" className={`${classes.arrow} ${classes.prev} mantine-focus-auto`} aria-label={d.prevPhoto} disabled={index === 0} onClick={() => go(index - 1)}>
            ‹
          </button>
          <button type="button" className={`${classes.arrow} ${classes.next} mantine-focus-auto`} aria-label={d.nextPhoto} disabled={index === photos.length - 1} onClick={() => go(index + 1)}>
            ›
          </button>
          <div className={classes.dots}>
            {photos.map((p, i) => (
              <button key={p.id} type="button" className={`${classes.dot} mantine-focus-auto`} aria-label={d.goToPhoto(i + 1)} aria-current={i === index ? 'true' : undefined} onClick={() => go(i)}>
                <span />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
