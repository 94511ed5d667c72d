/**
 * Rules a table holds by itself (a trigger, a grant, an index), met head-on on a throwaway
 * database as its owner would meet them: no API, no function in front. The API tests beside
 * them show the layer a user meets first; here each inner layer is seen to hold alone, so
 * dropping one is caught even while the other still refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../supabase/local/src/db/index.ts';
import { prepareDatabase } from '../../supabase/local/src/db/migrate.ts';
import { freshDatabase, supabaseDir, type FreshDatabase } from '../support/fresh-database.ts';

let fresh: FreshDatabase;
let db: Database;

beforeAll(async () => {
  fresh = await freshDatabase('table-guards');
  db = fresh.db;
  await prepareDatabase(db, { supabaseDir, moduleSql: [] });
}, 120_000);

afterAll(async () => {
  await fresh?.drop();
});

class RolledBack extends Error {}

/** Runs `fn` in a transaction that is always rolled back; returns what it returned. */
async function inRollback<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
  let out: T | undefined;
  await db
    .transaction(async (tx) => {
      out = await fn(tx);
      throw new RolledBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RolledBack)) throw err;
    });
  return out as T;
}

/** The error message of `sql` run after `setup` (rolled back either way), or null when it passed. */
async function refusal(tx: Queryable, sql: string): Promise<string | null> {
  await tx.query('savepoint attempt');
  try {
    await tx.query(sql);
    await tx.query('release savepoint attempt');
    return null;
  } catch (err) {
    await tx.query('rollback to savepoint attempt');
    return (err as Error).message;
  }
}

/** A user with a profile (the auth trigger makes it); returns the id. */
async function user(tx: Queryable, role = 'user'): Promise<string> {
  const id = crypto.randomUUID();
  await tx.query(`insert into auth.users (id, email) values ($1, $2)`, [id, `${id}@example.test`]);
  if (role !== 'user') await tx.query(`update public.profiles set role = $2 where id = $1`, [id, role]);
  return id;
}

/** `n` listings of one owner, inserted directly. */
async function listings(tx: Queryable, owner: string, n: number): Promise<string[]> {
  const r = await tx.query<{ id: string }>(
    `insert into public.listings (user_id, title, category, city, age, description, slug)
     select $1::uuid, 'Annuncio di prova ' || g, 'donne', 'Milano', 30, 'Descrizione abbastanza lunga ' || g, 'prova-' || $1::text || '-' || g
       from generate_series(1, $2) g returning id`,
    [owner, n],
  );
  return r.rows.map((x) => x.id);
}

/** Acts as `uid` would through the API (auth.uid() and the staff helpers read these claims). */
async function actAs(tx: Queryable, uid: string) {
  await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: uid, role: 'authenticated' })]);
}

describe('the audit log is append-only', () => {
  it('the trigger refuses UPDATE, DELETE and TRUNCATE even to the table owner', async () => {
    const messages = await inRollback(async (tx) => {
      await tx.query(`insert into public.audit_log (actor_role, action, entity_type, entity_id) values ('admin', 'credits_adjusted', 'user', 'x')`);
      return [
        await refusal(tx, `update public.audit_log set reason = 'riscritto'`),
        await refusal(tx, `delete from public.audit_log`),
        await refusal(tx, `truncate public.audit_log`),
      ];
    });
    expect(messages).toEqual(Array(3).fill('Il registro non può essere modificato.'));
  });

  it('no API role holds INSERT, UPDATE, DELETE or TRUNCATE on it; admins read it through SELECT', async () => {
    const r = await db.query<{ role: string; privilege: string; granted: boolean }>(`
      select role, privilege, has_table_privilege(role, 'public.audit_log', privilege) as granted
        from unnest(array['anon', 'authenticated', 'service_role']) role,
             unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']) privilege
       order by 1, 2`);
    const granted = r.rows.filter((x) => x.granted).map((x) => `${x.role} ${x.privilege}`);
    expect(granted).toEqual(['authenticated SELECT', 'service_role SELECT']);
  });
});

describe('favourites: at most 500 per user', () => {
  it('the trigger refuses the 501st whoever inserts it, and counts per user', async () => {
    const outcome = await inRollback(async (tx) => {
      const [a, b] = [await user(tx), await user(tx)];
      const ids = await listings(tx, b, 502);
      await tx.query(`insert into public.favourites (user_id, listing_id) select $1, unnest($2::uuid[])`, [a, ids.slice(0, 500)]);
      const refused = await refusal(tx, `insert into public.favourites (user_id, listing_id) values ('${a}', '${ids[500]}')`);
      // Another user's count is their own.
      const other = await refusal(tx, `insert into public.favourites (user_id, listing_id) values ('${b}', '${ids[500]}')`);
      const count = (await tx.query<{ n: number }>(`select count(*)::int as n from public.favourites where user_id = $1`, [a])).rows[0]!.n;
      return { refused, other, count };
    });
    expect(outcome).toEqual({ refused: 'Hai raggiunto il numero massimo di preferiti (500).', other: null, count: 500 });
  });
});

describe('bans: only with a statement of reasons', () => {
  it('the profiles trigger refuses a staff member who changes a role to or from banned without one', async () => {
    const outcome = await inRollback(async (tx) => {
      const [boss, target, banned] = [await user(tx, 'admin'), await user(tx), await user(tx, 'banned')];
      await actAs(tx, boss);
      const ban = await refusal(tx, `update public.profiles set role = 'banned' where id = '${target}'`);
      const unban = await refusal(tx, `update public.profiles set role = 'user' where id = '${banned}'`);
      const promote = await refusal(tx, `update public.profiles set role = 'supporto' where id = '${target}'`);
      // admin_set_banned marks its transaction as the decision that writes the statement.
      await tx.query(`select set_config('app.ban_decision', 'on', true)`);
      const decided = await refusal(tx, `update public.profiles set role = 'banned' where id = '${banned}'`);
      return { ban, unban, promote, decided };
    });
    const refused = 'Per bannare o sbloccare un utente usa Banna o Sblocca, con la motivazione.';
    expect(outcome).toEqual({ ban: refused, unban: refused, promote: null, decided: null });
  });
});

describe('a listing creation key is one listing per user', () => {
  it('the unique index refuses a second listing with the same key from the same user, not from another', async () => {
    const outcome = await inRollback(async (tx) => {
      const [a, b] = [await user(tx), await user(tx)];
      const key = crypto.randomUUID();
      const insert = (owner: string, slug: string) =>
        `insert into public.listings (user_id, title, category, city, age, description, slug, creation_key)
         values ('${owner}', 'Annuncio di prova', 'donne', 'Milano', 30, 'Descrizione abbastanza lunga', '${slug}', '${key}')`;
      return [await refusal(tx, insert(a, `k-${a}-1`)), await refusal(tx, insert(a, `k-${a}-2`)), await refusal(tx, insert(b, `k-${b}-1`))];
    });
    expect(outcome[0]).toBeNull();
    expect(outcome[1]).toMatch(/duplicate key value violates unique constraint "listings_creation_key_idx"/);
    expect(outcome[2]).toBeNull();
  });
});
