/**
 * makeRenditions (issue 44) as an off-thread task (../functions/_shared/off-thread.ts), for the
 * demo photos and scripts/backfill-renditions.ts: the same code as an upload's, on the local
 * platform's worker threads instead of the thread that uploads.
 */
export const MODULE_URL = import.meta.url;

export { makeRenditions } from '../functions/_shared/image/make-renditions.ts';
