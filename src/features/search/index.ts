/** What other features may use from search: its filters as a query string. */
export { parseFilters, serializeFilters } from './model.ts';
