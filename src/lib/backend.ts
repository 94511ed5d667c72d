/**
 * The supabase client, loaded on first use. supabase-js with auth, realtime and storage is
 * about a third of the app's JavaScript; a visitor's first page needs none of it, so code on
 * the first route's path asks for the client here instead of importing it.
 */
export const loadSupabase = () => import('./supabase.ts').then((m) => m.supabase);
