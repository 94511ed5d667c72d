/**
 * Writes supabase/seed.sql from the demo data set (supabase/seed/data.ts). Deterministic:
 * the same sources always give the same file (a seeded PRNG; times relative to now()).
 *
 *   npx tsx scripts/gen-seed.ts          # write supabase/seed.sql
 *   npx tsx scripts/gen-seed.ts --check  # exit 1 when supabase/seed.sql is out of date
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderSeedSql } from '../supabase/seed/sql.ts';

const target = fileURLToPath(new URL('../supabase/seed.sql', import.meta.url));
const sql = renderSeedSql();

if (process.argv.includes('--check')) {
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (current !== sql) {
    console.error('supabase/seed.sql is out of date: run `npx tsx scripts/gen-seed.ts`');
    process.exit(1);
  }
  console.log('supabase/seed.sql is up to date');
} else {
  writeFileSync(target, sql);
  console.log(`wrote supabase/seed.sql (${sql.length} bytes)`);
}
