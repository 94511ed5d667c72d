/**
 * One platform in a process of its own, from any checkout (this one or the baseline's):
 *   tsx tests/bench/platform-child.ts <repoDir> <supabaseDir> <dataDir> [databaseUrl]
 * Prints one JSON line {url, anonKey, serviceRoleKey} when ready; closes the platform and exits
 * when its stdin ends (so `node --cpu-prof` can write its profile).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [repoDir, supabaseDir, dataDir, databaseUrl] = process.argv.slice(2) as [string, string, string, string | undefined];
const { startPlatform } = (await import(pathToFileURL(join(repoDir, 'supabase/local/src/platform.ts')).href)) as typeof import('../../supabase/local/src/platform.ts');
const platform = await startPlatform({ port: 0, supabaseDir, dataDir, databaseUrl: databaseUrl ?? '', cron: false, quiet: true, devMailOutbox: false });
process.stdout.write(`${JSON.stringify({ url: platform.url, anonKey: platform.keys.anon, serviceRoleKey: platform.keys.serviceRole })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void platform.close().finally(() => process.exit(0));
});
