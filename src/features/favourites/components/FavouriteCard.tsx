import { Link } from 'react-router-dom';
import { t } from '@/lib/catalogue/screens.ts';
import { listingPath } from '@/lib/paths.ts';
import { CardBadge, ListingPhotoImage } from '@/features/listings/index.ts';
import type { FavouriteSnapshot } from '../model.ts';
import { FavouriteButton } from './FavouriteButton.tsx';
import classes from './FavouriteCard.module.css';

const f = t.favouritesScreen;

/** A kept listing as this device knows it, offline too; marked when it is no longer public. */
export function FavouriteCard({ item }: { item: FavouriteSnapshot }) {
  const gone = item.state !== 'active';
  const title = item.title || (f.states[item.state] ?? f.title);
  const titleId = `favourite-${item.id}`;
  return (
    <article className={classes.card} aria-labelledby={titleId} data-testid="favourite-card" data-state={item.state}>
      <div className={classes.media}>
        {item.photo ? (
          <ListingPhotoImage photo={{ url: item.photo, renditions: item.photoRenditions, placeholder: item.photoPlaceholder, avif: item.photoAvif }} place="card" alt="" className={gone ? `${classes.photo} ${classes.faded}` : classes.photo} />
        ) : (
          <div className={classes.noPhoto}>{f.noPhoto}</div>
        )}
        <FavouriteButton listing={{ id: item.id, title, city: item.city, category: item.category, age: item.age }} />
      </div>
      <div className={classes.body}>
        {gone && (
          <span className={classes.state}>
            <CardBadge color={item.state === 'paused' ? 'gray' : 'red'} variant="light" upper data-testid="favourite-state">
              {f.states[item.state]}
            </CardBadge>
          </span>
        )}
        <h2 id={titleId} className={classes.title}>
          {item.state === 'removed' ? title : <Link to={listingPath(item.id)}>{title}</Link>}
        </h2>
        <p className={classes.meta}>{[item.city, item.age != null ? f.years(item.age) : null].filter(Boolean).join(' · ')}</p>
        {gone && <p className={classes.hint}>{f.stateHint[item.state]}</p>}
      </div>
    </article>
  );
}
