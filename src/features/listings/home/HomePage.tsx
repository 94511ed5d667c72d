import { Link } from 'react-router-dom';
import { t } from '@/lib/catalogue/index.ts';
import { Alert } from '@/lib/ui/Alert.tsx';
import { Button } from '@/lib/ui/Button.tsx';
import page from '@/lib/ui/page.module.css';
import classes from './HomePage.module.css';
import { ListingGrid } from '../card/ListingGrid.tsx';
import { ListingSkeleton } from '../card/ListingSkeleton.tsx';
import { LoadMore } from '../card/LoadMore.tsx';
import { HOME_KEY } from '../prefetch.ts';
import { useListingPages } from '../useListingPages.ts';
import { paths } from '@/lib/paths.ts';

const NO_FILTERS = {};

/** '/': promoted listings ('Hot') first, then the newest, 20 at a time. */
export default function HomePage() {
  const h = t.listings.home;
  const { rows, next, status, loadingMore, loadMore, reload } = useListingPages(NO_FILTERS, HOME_KEY);
  const hot = rows.filter((r) => r.promoted);
  const rest = rows.filter((r) => !r.promoted);
  return (
    <div className={page.page}>
      <div className={classes.intro}>
        <div>
          <h1 className={page.title}>{h.title}</h1>
          <p className={page.dimmed}>{h.subtitle}</p>
        </div>
        <Button component={Link} to={paths.search} variant="light">
          {h.searchCta}
        </Button>
      </div>
      {status === 'loading' && <ListingSkeleton label={t.search.loading} heading />}
      {(status === 'error' || status === 'offline') && (
        <Alert color={status === 'offline' ? 'yellow' : 'red'} title={status === 'offline' ? t.search.offline : h.loadError}>
          <Button size="xs" variant="white" onClick={reload}>
            {h.retry}
          </Button>
        </Alert>
      )}
      {status === 'ready' && rows.length === 0 && <p className={classes.empty}>{h.empty}</p>}
      <div className={classes.sections}>
        {hot.length > 0 && (
          <section aria-labelledby="home-hot">
            <h2 className={page.sectionTitle} id="home-hot">
              {h.hot}
            </h2>
            <ListingGrid listings={hot} priorityFirst />
          </section>
        )}
        {rest.length > 0 && (
          <section aria-labelledby="home-newest">
            <h2 className={page.sectionTitle} id="home-newest">
              {h.newest}
            </h2>
            <ListingGrid listings={rest} priorityFirst={hot.length === 0} />
          </section>
        )}
      </div>
      {next && <LoadMore label={h.loadMore} onLoad={loadMore} loading={loadingMore} />}
    </div>
  );
}
