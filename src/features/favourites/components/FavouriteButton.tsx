import { t } from '@/lib/catalogue/index.ts';
import { noteEngagement } from '@/lib/engagement.ts';
import { useSessionStore } from '@/features/auth/index.ts';
import { addFavourite, removeFavourite, useFavouritesStore } from '../store.ts';
import classes from './FavouriteButton.module.css';

const f = t.favourites;

/** What a card or the detail page knows of a listing: enough for /preferiti offline. */
export interface FavouriteListing {
  id: string;
  title: string;
  city: string;
  category: string;
  age: number | null;
  photos?: readonly { url: string; is_primary?: boolean | null; renditions?: string | null; placeholder?: string | null; avif?: boolean }[];
}

/**
 * The heart: keeps or drops a listing on this device at once, then (in the background, loaded
 * on demand) keeps it readable offline and tells the account. No supabase-js here: the heart
 * is on every card of the visitor's first page.
 */
export function FavouriteButton({ listing, variant = 'overlay' }: { listing: FavouriteListing; variant?: 'overlay' | 'inline' }) {
  const kept = useFavouritesStore((s) => listing.id in s.items);
  const userId = useSessionStore((s) => s.user?.id ?? null);
  const banned = useSessionStore((s) => s.role === 'banned');

  function toggle() {
    // The database refuses a banned account's change: said at once, the heart unchanged
    // (kept here it would be refused by the outbox later, 'fatta offline' while online).
    if (banned) return void import('../afterToggle.ts').then((m) => m.refuseBanned()).catch(() => undefined);
    if (kept) removeFavourite(listing.id);
    else {
      const primary = listing.photos?.find((p) => p.is_primary) ?? listing.photos?.[0];
      addFavourite({
        id: listing.id,
        title: listing.title,
        city: listing.city,
        category: listing.category,
        age: listing.age,
        photo: primary?.url ?? null,
        photoRenditions: primary?.renditions ?? null,
        photoPlaceholder: primary?.placeholder ?? null,
        photoAvif: primary?.avif ?? false,
        savedAt: new Date().toISOString(),
        state: 'active',
      });
      noteEngagement('favourite');
    }
    void import('../afterToggle.ts').then((m) => m.afterToggle(listing.id, !kept, userId)).catch(() => undefined);
  }

  return (
    <button
      type="button"
      className={variant === 'overlay' ? classes.overlay : classes.inline}
      aria-pressed={kept}
      aria-label={kept ? f.remove(listing.title) : f.add(listing.title)}
      onClick={toggle}
      data-testid="favourite-button"
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" className={classes.icon}>
        <path
          d="M12 21s-7.5-4.6-10-9.3C.4 8.6 2.2 4.5 6 4.1c2.1-.2 3.7.9 4.6 2.3h2.8c.9-1.4 2.5-2.5 4.6-2.3 3.8.4 5.6 4.5 4 7.6C19.5 16.4 12 21 12 21z"
          fill={kept ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
      {variant === 'inline' && <span>{kept ? f.savedLabel : f.saveLabel}</span>}
    </button>
  );
}
