/**
 * The browser cleans a photo with the very code the upload function runs on the server
 * (supabase/functions/_shared/image): one copy of the JPEG, PNG and WebP walkers.
 */
export { jpegMetadata, stripMetadata } from '../../../supabase/functions/_shared/image/index.ts';
