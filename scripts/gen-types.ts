/**
 * `npm run gen:types`: builds a throwaway database from supabase/migrations (PGlite in a temp
 * folder; no seed, no API module SQL), then writes src/lib/database.types.ts with
 * @supabase/postgrest-typegen, the engine behind `supabase gen types typescript`, so the file
 * is what the Supabase CLI produces for the same schema.
 *
 * Options: --out <file> (default src/lib/database.types.ts), --check (exit 1 when the file
 * on disk differs: `npm test` runs it).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateTypescript, sortGeneratorMetadata } from '@supabase/postgrest-typegen/generation';
import { introspect } from '@supabase/postgrest-typegen/introspection';
import { parse } from 'smol-toml';
import { openDatabase } from '../supabase/local/src/db/index.ts';
import { prepareDatabase } from '../supabase/local/src/db/migrate.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The schemas the API exposes, as the CLI reads them: config.toml's api.schemas. */
function apiSchemas(): string[] {
  const config = parse(readFileSync(join(root, 'supabase/config.toml'), 'utf8')) as { api?: { schemas?: string[] } };
  return config.api?.schemas ?? ['public'];
}

/** The TypeScript types of the migrated schema, as `supabase gen types typescript` writes them. */
async function generate(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gen-types-'));
  const db = await openDatabase({ dataDir: join(dataDir, 'db') });
  try {
    // A supabase folder holding only the migrations (a symlink): the seed does not change the schema.
    const supabaseDir = join(dataDir, 'supabase');
    mkdirSync(supabaseDir);
    symlinkSync(join(root, 'supabase/migrations'), join(supabaseDir, 'migrations'), 'dir');
    await prepareDatabase(db, { supabaseDir, moduleSql: [] });
    const metadata = await introspect(db, { includedSchemas: apiSchemas() });
    return await generateTypescript(sortGeneratorMetadata(metadata), {
      // As the CLI calls it: one-to-one detection on, the PostgREST major the platform speaks.
      detectOneToOneRelationships: true,
      postgrestVersion: '12',
    });
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const args = process.argv.slice(2);
  const outIdx = args.indexOf('--out');
  const outFile = outIdx >= 0 ? args[outIdx + 1]! : join(root, 'src/lib/database.types.ts');
  const text = await generate();
  if (!args.includes('--check')) {
    writeFileSync(outFile, text);
    console.log(`wrote ${outFile}`);
    return;
  }
  let current = '';
  try {
    current = readFileSync(outFile, 'utf8');
  } catch {
    /* missing */
  }
  if (current === text) console.log(`${outFile} is up to date`);
  else {
    console.error(`${outFile} is out of date: run npm run gen:types`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
