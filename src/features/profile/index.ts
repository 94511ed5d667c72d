/** What other features may use from profile. */
export { ownProfileQuery, profileKeys } from './queries.ts';
