/**
 * The migrations as a Supabase project receives them, each on a
 * throwaway database of its own (PGlite, or a new database on DATABASE_URL's server).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { prepareDatabase } from '../../supabase/local/src/db/migrate.ts';
import type { Database } from '../../supabase/local/src/db/index.ts';
import { freshDatabase, supabaseDir, type FreshDatabase } from '../support/fresh-database.ts';

const migrationsDir = join(supabaseDir, 'migrations');
const migrations = readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).sort();
/** What `supabase db push` searches: the CLI's login role has no search_path of its own. */
const DB_PUSH_SEARCH_PATH = '"$user", public';

let fresh: FreshDatabase | undefined;
afterEach(async () => {
  await fresh?.drop();
  fresh = undefined;
});

/** bootstrap.sql alone: what a new project has before its first migration. */
async function bootstrapOnly(db: Database) {
  await prepareDatabase(db, { supabaseDir: mkdtempSync(join(tmpdir(), 'no-migrations-')), moduleSql: [] });
}

/** Each file in its own transaction after RESET ALL, as the CLI pushes them. */
async function pushMigrations(db: Database, searchPathFor: (file: string) => string = () => DB_PUSH_SEARCH_PATH) {
  for (const file of migrations) {
    await db
      .transaction(async (tx) => {
        await tx.exec(`reset all; set local search_path = ${searchPathFor(file)}`);
        await tx.exec(readFileSync(join(migrationsDir, file), 'utf8'));
      })
      .catch((err: Error) => {
        throw new Error(`${file}: ${err.message}`);
      });
  }
}

describe('supabase db push', () => {
  it('applies every migration with `extensions` off the search_path, and the extensions live in `extensions`', async () => {
    fresh = await freshDatabase('db-push');
    await bootstrapOnly(fresh.db);
    // A new Supabase project has pgcrypto but not pg_trgm: the migrations enable it.
    await fresh.db.exec('drop extension if exists pg_trgm cascade');
    const searched = await fresh.db.transaction(async (tx) => {
      await tx.exec(`reset all; set local search_path = ${DB_PUSH_SEARCH_PATH}`);
      return tx.query<{ schemas: string[] }>('select current_schemas(false)::text[] as schemas');
    });
    expect(searched.rows[0]!.schemas).toEqual(['public']);

    await pushMigrations(fresh.db);

    const r = await fresh.db.query<{ extname: string; schema: string }>(`
      select extname, extnamespace::regnamespace::text as schema from pg_extension
       where extname in ('pg_trgm', 'pgcrypto', 'unaccent') order by extname`);
    expect(r.rows).toEqual([
      { extname: 'pg_trgm', schema: 'extensions' },
      { extname: 'pgcrypto', schema: 'extensions' },
      { extname: 'unaccent', schema: 'extensions' },
    ]);
    const idx = await fresh.db.query<{ def: string }>(`select pg_get_indexdef('public.listings_city_trgm_idx'::regclass) as def`);
    expect(idx.rows[0]!.def).toContain('extensions.gin_trgm_ops');
  });

  it('schedules the jobs with the platform scheduler when pg_cron is installed but cannot be loaded', async () => {
    fresh = await freshDatabase('cron-fallback');
    await bootstrapOnly(fresh.db);
    const installed = (await fresh.db.query(`select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron'`)).rowCount > 0;
    const preloaded = installed && (await fresh.db.query<{ libs: string }>(`select current_setting('shared_preload_libraries') as libs`)).rows[0]!.libs.includes('pg_cron');
    expect(preloaded, 'this check needs a server without pg_cron preloaded').toBe(false);
    let searchPathFor: ((file: string) => string) | undefined;
    if (!installed) {
      // Without Debian's postgresql-15-cron here, make the package look installed to the
      // migration: its catalog lookup finds this view before pg_catalog's.
      await fresh.db.exec(`
        create schema installed_packages;
        create view installed_packages.pg_available_extensions as
          select * from pg_catalog.pg_available_extensions
          union all select 'pg_cron'::name, '1.6', null, 'Job scheduler for PostgreSQL'`);
      searchPathFor = (file) => (file.endsWith('_jobs.sql') ? `installed_packages, pg_catalog, ${DB_PUSH_SEARCH_PATH}` : DB_PUSH_SEARCH_PATH);
    }

    await pushMigrations(fresh.db, searchPathFor);

    expect((await fresh.db.query(`select 1 from pg_extension where extname = 'pg_cron'`)).rowCount).toBe(0);
    const jobs = await fresh.db.query<{ jobname: string }>(`select jobname from cron.job order by jobname`);
    expect(jobs.rows.map((j) => j.jobname)).toEqual(['end-expired-promotions', 'expire-listings', 'expire-photo-verifications', 'expire-purchase-orders', 'listing-expiry-warnings', 'listing-stats-rollover', 'promotion-bumps', 'saved-search-alerts', 'storage-cleanup', 'storage-sweep']);
  });
});

describe('push webhook without pg_net', () => {
  it('warns when a ticket reply can reach only a local listener', async () => {
    fresh = await freshDatabase('push-no-net');
    await prepareDatabase(fresh.db, { supabaseDir, moduleSql: [] });
    const userId = crypto.randomUUID();
    const sql = `
      insert into auth.users (id, email) values ('${userId}', 'push-${userId}@example.com');
      insert into public.admin_notifications (user_id, type, entity_id, message)
      values ('${userId}', 'ticket_reply', '1', 'Nuova risposta al tuo ticket.')`;
    const warnings: string[] = [];
    if (fresh.databaseUrl) {
      const c = new pg.Client({ connectionString: fresh.databaseUrl });
      c.on('notice', (n) => n.severity === 'WARNING' && warnings.push(n.message ?? ''));
      await c.connect();
      try {
        await c.query(sql);
      } finally {
        await c.end();
      }
    } else {
      await fresh.db.close();
      const lite = await PGlite.create(join(fresh.dataDir, 'pglite'), { extensions: { pg_trgm, pgcrypto, unaccent } });
      try {
        await lite.exec(sql, { onNotice: (n) => n.severity === 'WARNING' && warnings.push(n.message ?? '') });
      } finally {
        await lite.close();
      }
    }
    expect(warnings).toEqual([expect.stringMatching(/send-push webhook: pg_net is not installed/)]);
  });
});

describe('docs/deploy.md', () => {
  const read = (path: string) => readFileSync(join(supabaseDir, '..', path), 'utf8');
  const deploy = read('docs/deploy.md');

  it('pushes config.toml with `supabase config push` and says which settings travel with it', () => {
    expect(deploy).toMatch(/npx supabase config push/);
    for (const setting of ['[auth]', 'redirect URLs', 'OTP expiry', 'rate limits', '[api]']) expect(deploy).toContain(setting);
  });

  it('says the Vault service_role_key must be the very key send-push compares the bearer token with', () => {
    const compared = /token !== requireEnv\('(\w+)'\)/.exec(read('supabase/functions/send-push/index.ts'))?.[1];
    const secret = /into service_key using '(\w+)'/.exec(read('supabase/migrations/' + migrations.find((f) => f.endsWith('_storage.sql'))))?.[1];
    expect(compared).toBe('SUPABASE_SERVICE_ROLE_KEY');
    expect(deploy).toContain(`'${secret}'`);
    expect(deploy).toMatch(new RegExp(`\`${secret}\` secret must be exactly the key send-push compares[\\s\\S]*\`${compared}\``));
  });
});
