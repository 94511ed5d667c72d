import { startTransition, Suspense, useEffect, useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useSearchParams } from 'react-router-dom';
import { t } from '@/lib/catalogue/index.ts';
import { paths } from '@/lib/paths.ts';
import { Alert } from '@/lib/ui/Alert.tsx';
import { Button } from '@/lib/ui/Button.tsx';
import { lazyInMantine } from '@/lib/ui/inMantine.ts';
import { Loader } from '@/lib/ui/Loader.tsx';
import page from '@/lib/ui/page.module.css';
import { useLatch } from '@/lib/useLatch.ts';
import { ListingGrid, ListingSkeleton, LoadMore, useListingCount, useListingPages, type SearchParams } from '@/features/listings/index.ts';
import { SAVE_SEARCH_PARAM, SaveSearchDialog } from '@/features/saved-searches/index.ts';
import { countFilters, parseFilters, serializeFilters } from './model.ts';
import classes from './SearchPage.module.css';

// The filter form (selects, city typeahead) loads when first opened: the results come first.
const SearchFilters = lazyInMantine(() => import('./SearchFilters.tsx').then((m) => m.SearchFilters));

/** What the box's text came from after a search is sent: no URL's text equals it, so the next render takes the URL's. */
const SENT = Symbol('sent');

/** 'Filtri' and 'Salva': narrower than a plain button, so both fit beside the count at 360 px. */
const COMPACT: CSSProperties = { paddingInline: 'var(--mantine-spacing-sm)' };

/**
 * '/search': filters and the free-text query live in the URL; keyset pages of 20 with infinite
 * scroll. On a phone the results come first: the filters open from 'Filtri (n)'.
 */
export default function SearchPage() {
  const s = t.search;
  const queryId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const key = serializeFilters(parseFilters(searchParams));
  const filters = useMemo(() => parseFilters(key), [key]);
  const [query, setQuery] = useState(filters.query ?? '');
  // The box follows the URL (Back and Forward included): reset while rendering, not in an effect.
  const [queryOf, setQueryOf] = useState<string | undefined | typeof SENT>(filters.query);
  if (queryOf !== filters.query) {
    setQueryOf(filters.query);
    setQuery(filters.query ?? '');
  }
  const [showFilters, setShowFilters] = useState(false);
  const filtersOpened = useLatch(showFilters);
  // Back from signing in to save this search: the dialog opens again, the URL loses the flag.
  const reopenSave = searchParams.get(SAVE_SEARCH_PARAM) === '1';
  const [saveOpen, setSaveOpen] = useState(reopenSave);
  const saveMounted = useLatch(saveOpen);
  useEffect(() => {
    if (reopenSave) setSearchParams(new URLSearchParams(key), { replace: true });
  }, [reopenSave, key, setSearchParams]);
  const { rows, next, status, loadingMore, loadMore, reload } = useListingPages(filters, key);
  const total = useListingCount(filters, key, status !== 'loading');
  const results = useRef<HTMLDivElement>(null);
  const toResults = useRef(false);
  // After 'Cerca' the page goes to the top of the new results.
  useEffect(() => {
    if (!toResults.current) return;
    toResults.current = false;
    results.current?.scrollIntoView({ block: 'start' });
  }, [key, showFilters]);
  const apply = (f: SearchParams) => {
    toResults.current = true;
    setShowFilters(false);
    // The typed text is the URL's from the next render on, whatever URL that is: a Back that
    // comes before the new search has rendered (both render together) shows the old text.
    // A transition, as the navigation is, so the box never shows the old text meanwhile.
    startTransition(() => setQueryOf(SENT));
    setSearchParams(new URLSearchParams(serializeFilters(f)));
  };
  const active = countFilters(filters);
  return (
    <div className={page.page}>
      <h1 className={page.title} style={{ marginBottom: 'var(--mantine-spacing-sm)' }}>
        {s.title}
      </h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          apply({ ...filters, query: query.trim() || undefined });
        }}
      >
        <div className={classes.queryRow}>
          <div className={classes.field}>
            <label className={classes.label} htmlFor={queryId}>
              {s.query}
            </label>
            <input
              id={queryId}
              className={classes.input}
              placeholder={s.queryPlaceholder}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              type="search"
              enterKeyHint="search"
            />
          </div>
          <Button type="submit">{s.submit}</Button>
        </div>
      </form>
      <div className={classes.tools}>
        <div className={classes.buttons}>
          <Button variant="light" style={COMPACT} onClick={() => setShowFilters((v) => !v)} aria-expanded={showFilters} aria-controls="search-filters">
            {s.filtersButton(active)}
          </Button>
          <Button variant="default" style={COMPACT} onClick={() => setSaveOpen(true)} aria-haspopup="dialog">
            {s.save}
          </Button>
        </div>
        <p className={page.dimmed} aria-live="polite" data-testid="result-count">
          {total !== null && s.results(total)}
        </p>
      </div>
      {/* No height animation: 'Cerca' scrolls to the results as soon as the form is closed.
          A plain hidden div, not Mantine's Collapse (its transition code is first-route weight). */}
      <div id="search-filters" hidden={!showFilters}>
        {filtersOpened && (
          <Suspense fallback={<Loader size="sm" label={s.loading} />}>
            <SearchFilters key={key} value={filters} onApply={(f) => apply({ ...f, query: query.trim() || undefined })} />
          </Suspense>
        )}
      </div>
      {saveMounted && (
        <Suspense fallback={null}>
          <SaveSearchDialog
            key={key}
            params={filters}
            returnTo={`${paths.search}?${key ? `${key}&` : ''}${SAVE_SEARCH_PARAM}=1`}
            opened={saveOpen}
            onClose={() => setSaveOpen(false)}
          />
        </Suspense>
      )}
      {/* Below the sticky header when scrolled to. */}
      <div className={classes.results} ref={results} data-testid="search-results">
        {status === 'loading' && <ListingSkeleton label={s.loading} />}
        {(status === 'error' || status === 'offline') && (
          <Alert color="yellow" title={status === 'offline' ? s.offline : s.error}>
            <Button size="xs" variant="white" onClick={reload}>
              {t.listings.home.retry}
            </Button>
          </Alert>
        )}
        {status === 'ready' && rows.length === 0 && (
          <Alert color="gray" title={s.empty} data-testid="search-empty">
            {s.emptyHint}
          </Alert>
        )}
        {rows.length > 0 && <ListingGrid listings={rows} priorityFirst />}
        {next && <LoadMore label={s.loadMore} onLoad={loadMore} loading={loadingMore} />}
        {status === 'ready' && rows.length > 0 && !next && (
          <p className={page.dimmed} style={{ textAlign: 'center' }}>
            {s.end}
          </p>
        )}
      </div>
    </div>
  );
}
