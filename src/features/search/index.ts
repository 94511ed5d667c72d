/** What other features may use from search: its filters as a query string. */
export { ARRAY_FILTERS, parseFilters, serializeFilters } from './model.ts';
