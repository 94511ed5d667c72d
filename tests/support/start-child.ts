/**
 * Starts the platform in a process of its own, for tests that kill it (kill -9):
 *   tsx tests/support/start-child.ts <supabaseDir> <dataDir> [databaseUrl]
 * Logs as `npm run backend` does, on stdout.
 */
import { startPlatform } from '../../supabase/local/src/platform.ts';

const [supabaseDir, dataDir, databaseUrl] = process.argv.slice(2);
await startPlatform({ port: 0, supabaseDir, dataDir, databaseUrl: databaseUrl ?? '', cron: false });
