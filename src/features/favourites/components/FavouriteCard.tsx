import { Link } from '@/lib/router/index.ts';
import { Badge, Paper, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { listingPath } from '@/lib/paths.ts';
import { ListingPhotoImage } from '@/features/listings/index.ts';
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
    <Paper component="article" withBorder radius="md" className={classes.card} aria-labelledby={titleId} data-testid="favourite-card" data-state={item.state}>
      <div className={classes.media}>
        {item.photo ? (
          <ListingPhotoImage src={item.photo} place="card" alt="" className={gone ? `${classes.photo} ${classes.faded}` : classes.photo} />
        ) : (
          <div className={classes.noPhoto}>{f.noPhoto}</div>
        )}
        <FavouriteButton listing={{ id: item.id, title, city: item.city, category: item.category, age: item.age }} />
      </div>
      <div className={classes.body}>
        {gone && (
          <Badge color={item.state === 'paused' ? 'gray' : 'red'} c={item.state === 'paused' ? 'dark.7' : undefined} variant="light" data-testid="favourite-state">
            {f.states[item.state]}
          </Badge>
        )}
        <Text component="h2" fw={700} size="md" id={titleId} className={classes.title}>
          {item.state === 'removed' ? title : <Link to={listingPath(item.id)}>{title}</Link>}
        </Text>
        <Text size="sm" c="gray.7">
          {[item.city, item.age != null ? f.years(item.age) : null].filter(Boolean).join(' · ')}
        </Text>
        {gone && (
          <Text size="sm" c="gray.8">
            {f.stateHint[item.state]}
          </Text>
        )}
      </div>
    </Paper>
  );
}
