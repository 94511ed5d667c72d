import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Container, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSearchParams } from '@/lib/router/index.ts';
import { t } from '@/lib/catalogue/index.ts';
import { paths } from '@/lib/paths.ts';
import { useLatch } from '@/lib/useLatch.ts';
import { ListingGrid, ListingSkeleton, LoadMore, useListingCount, useListingPages, type SearchParams } from '@/features/listings/index.ts';
import { SAVE_SEARCH_PARAM, SaveSearchDialog } from '@/features/saved-searches/index.ts';
import { countFilters, parseFilters, serializeFilters } from './model.ts';

// The filter form (selects, city typeahead) loads when first opened: the results come first.
const SearchFilters = lazy(() => import('./SearchFilters.tsx').then((m) => ({ default: m.SearchFilters })));

/**
 * '/search': filters and the free-text query live in the URL; keyset pages of 20 with infinite
 * scroll. On a phone the results come first: the filters open from 'Filtri (n)'.
 */
export default function SearchPage() {
  const s = t.search;
  const [searchParams, setSearchParams] = useSearchParams();
  const key = serializeFilters(parseFilters(searchParams));
  const filters = useMemo(() => parseFilters(key), [key]);
  const [query, setQuery] = useState(filters.query ?? '');
  // The box follows the URL (Back and Forward included): reset while rendering, not in an effect.
  const [queryOf, setQueryOf] = useState(filters.query);
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
    setSearchParams(new URLSearchParams(serializeFilters(f)));
  };
  const active = countFilters(filters);
  return (
    <Container size="lg" px="sm" py="md">
      <Title order={1} size="h2" mb="sm">
        {s.title}
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          apply({ ...filters, query: query.trim() || undefined });
        }}
      >
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label={s.query}
            placeholder={s.queryPlaceholder}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            type="search"
            enterKeyHint="search"
          />
          <Button type="submit">{s.submit}</Button>
        </Group>
      </form>
      <Group mt="sm" mb="sm" justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <Button variant="light" px="sm" onClick={() => setShowFilters((v) => !v)} aria-expanded={showFilters} aria-controls="search-filters">
            {s.filtersButton(active)}
          </Button>
          <Button variant="default" px="sm" onClick={() => setSaveOpen(true)} aria-haspopup="dialog">
            {s.save}
          </Button>
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="result-count">
          {total !== null && s.results(total)}
        </Text>
      </Group>
      {/* No height animation: 'Cerca' scrolls to the results as soon as the form is closed.
          A plain hidden div, not Mantine's Collapse (its transition code is first-route weight). */}
      <div id="search-filters" hidden={!showFilters}>
        {filtersOpened && (
          <Suspense fallback={<Loader size="sm" aria-label={s.loading} />}>
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
      <Stack mt="md" ref={results} data-testid="search-results" style={{ scrollMarginTop: 64 }}>
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
          <Text ta="center" size="sm" c="dimmed">
            {s.end}
          </Text>
        )}
      </Stack>
    </Container>
  );
}
