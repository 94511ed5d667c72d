import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { t } from '@/lib/catalogue/screens.ts';
import { paths } from '@/lib/paths.ts';
import { Alert } from '@/lib/ui/Alert.tsx';
import { Button } from '@/lib/ui/Button.tsx';
import page from '@/lib/ui/page.module.css';
import { authPath, useSessionStore } from '@/features/auth/index.ts';
import { sortedFavourites } from '../model.ts';
import { useFavouritesStore } from '../store.ts';
import { FavouriteCard } from './FavouriteCard.tsx';
import classes from './FavouritesPage.module.css';

const f = t.favouritesScreen;

/**
 * /preferiti: what this device keeps, offline too (the app's offline banner says so); each
 * state asked again when online. Plain elements: the screen loads no Mantine component code.
 */
export default function FavouritesPage() {
  const data = useFavouritesStore();
  const userId = useSessionStore((s) => s.user?.id ?? null);
  const [online, setOnline] = useState(() => navigator.onLine);
  const items = sortedFavourites(data);

  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);

  useEffect(() => {
    if (online) void import('../sync.ts').then((m) => m.syncFavourites(userId)).catch(() => undefined);
  }, [online, userId]);

  return (
    <div className={page.page}>
      <h1 className={page.title}>{f.title}</h1>
      <p className={classes.intro}>
        {userId ? f.intro : f.introSignedOut}{' '}
        {!userId && (
          <Link to={authPath('login', paths.favourites)} className={classes.login}>
            {f.login}
          </Link>
        )}
      </p>
      {items.length === 0 ? (
        <Alert color="gray" role="status">
          <p className={classes.empty}>{f.empty}</p>
          <Button component={Link} to={paths.search}>
            {f.browse}
          </Button>
        </Alert>
      ) : (
        <div className={page.cards}>
          {items.map((item) => (
            <FavouriteCard key={item.id} item={item} />
          ))}
        </div>
      )}
    </div>
  );
}
