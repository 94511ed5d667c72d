import { useRef, useState } from 'react';
import { ActionIcon, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import type { ListingPhoto } from './model.ts';
import { ListingPhotoImage } from './ListingPhotoImage.tsx';

/**
 * Swipeable photo gallery (CSS scroll-snap: native touch swipe), with buttons and dots for keyboard
 * users. Every photo (at most 5) loads, so a listing opened online has them all offline; the
 * others are asked for once the first is shown, so that on a phone they do not share its bandwidth.
 */
export function PhotoGallery({ photos, title }: { photos: ListingPhoto[]; title: string }) {
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
    <Box component="section" aria-label={d.gallery} aria-roledescription="carousel" pos="relative">
      <Box
        ref={track}
        onScroll={onScroll}
        data-testid="gallery"
        tabIndex={0}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') go(index + 1);
          if (e.key === 'ArrowLeft') go(index - 1);
        }}
        style={{ display: 'flex', overflowX: 'auto', scrollSnapType: 'x mandatory', scrollbarWidth: 'none', borderRadius: 8 }}
      >
        {photos.map((p, i) => (
          <Box
            key={p.id}
            role="group"
            aria-roledescription="slide"
            aria-label={d.photoOf(i + 1, photos.length)}
            style={{ flex: '0 0 100%', scrollSnapAlign: 'center', position: 'relative' }}
          >
            <ListingPhotoImage
              src={i === 0 || restWanted ? p.url : undefined}
              place="gallery"
              alt={t.listings.card.photoAlt(title, i + 1)}
              eager
              priority={i === 0}
              onSettled={i === 0 ? afterFirstShown : undefined}
              style={{ width: '100%', objectFit: 'cover' }}
            />
            <Text
              aria-hidden
              size="sm"
              fw={700}
              c="white"
              pos="absolute"
              style={{ right: 10, bottom: 10, opacity: 0.8, textShadow: '0 1px 3px rgba(0,0,0,.8)', pointerEvents: 'none' }}
            >
              {t.listings.card.watermark}
            </Text>
          </Box>
        ))}
      </Box>
      {photos.length > 1 && (
        <>
          <ActionIcon
            variant="white"
            radius="xl"
            size="lg"
            aria-label={d.prevPhoto}
            disabled={index === 0}
            onClick={() => go(index - 1)}
            pos="absolute"
            style={{ left: 8, top: '45%' }}
          >
            ‹
          </ActionIcon>
          <ActionIcon
            variant="white"
            radius="xl"
            size="lg"
            aria-label={d.nextPhoto}
            disabled={index === photos.length - 1}
            onClick={() => go(index + 1)}
            pos="absolute"
            style={{ right: 8, top: '45%' }}
          >
            ›
          </ActionIcon>
          <Group justify="center" gap={6} mt={6}>
            {photos.map((p, i) => (
              <UnstyledButton
                key={p.id}
                aria-label={d.goToPhoto(i + 1)}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
                style={{ width: 24, height: 24, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
              >
                <span style={{ width: 8, height: 8, borderRadius: 4, background: i === index ? '#c2185b' : '#ccc' }} />
              </UnstyledButton>
            ))}
          </Group>
        </>
      )}
    </Box>
  );
}
