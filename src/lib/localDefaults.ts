/** The local platform's address, where a build without VITE_SUPABASE_URL talks to (env.ts, and build/prerenderShell.ts for the page's first request). */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
