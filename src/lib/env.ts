import { LOCAL_SUPABASE_URL } from './localDefaults.ts';

/**
 * Where the backend is. Defaults to the local platform; a production build sets
 * VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY to a Supabase project's.
 */
export const SUPABASE_URL: string = import.meta.env.VITE_SUPABASE_URL ?? LOCAL_SUPABASE_URL;
export const SUPABASE_ANON_KEY: string = import.meta.env.VITE_SUPABASE_ANON_KEY ?? '';
export const VAPID_PUBLIC_KEY: string = import.meta.env.VITE_VAPID_PUBLIC_KEY ?? '';
