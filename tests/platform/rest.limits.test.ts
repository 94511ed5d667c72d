/**
 * What one REST request may cost: the roles' statement timeouts,
 * embed depth, response size, PGlite's cost check, pg-safeupdate's refusal of unfiltered
 * writes, and nesting bounds. Each expensive request must end promptly with PostgREST's error
 * body while the server keeps answering others.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { client, platformInfo, serviceClient } from '../support/clients.ts';
import { tokenUser } from '../support/tokens.ts';

const rest = (path: string, init: RequestInit = {}, key?: string) => {
  const info = platformInfo();
  const headers = new Headers(init.headers);
  headers.set('apikey', key ?? info.anonKey);
  if (key) headers.set('authorization', `Bearer ${key}`);
  return fetch(`${info.url}/rest/v1${path}`, { ...init, headers });
};

/** PostgREST's error body, with its status. */
async function errorOf(res: Response): Promise<Record<string, unknown>> {
  const body = (await res.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  return { status: res.status, ...body };
}

/** Another request answers promptly (the server is not held by the one before). */
async function stillServing() {
  const t = performance.now();
  const r = await client().from('books').select('id').limit(1);
  expect(r.status).toBe(200);
  expect(performance.now() - t).toBeLessThan(1500);
}

const isPglite = () => platformInfo().dbKind === 'pglite';

/** `select=*,books(*,authors(*,books(…)))` nested `levels` deep. */
function nestedEmbed(levels: number): string {
  let select = 'id';
  for (let i = levels; i > 0; i--) select = `id,${i % 2 ? 'books' : 'authors'}(${select})`;
  return select;
}

describe('REST statement timeouts (the roles\u2019 settings, per request)', () => {
  it('applies anon\u2019s 3 s and authenticated\u2019s 8 s from the roles, none for service_role', async () => {
    expect((await client().rpc('current_statement_timeout')).data).toBe('3s');
    const { client: user } = await tokenUser();
    expect((await user.rpc('current_statement_timeout')).data).toBe('8s');
    expect((await serviceClient().rpc('current_statement_timeout')).data).toBe('0');
    // The setting is local to each request's transaction: the next service request has none.
    expect((await serviceClient().rpc('current_statement_timeout')).data).toBe('0');
  });

  it('cancels an anon request at 3 s with 500 57014 on PostgreSQL', async (ctx) => {
    if (isPglite()) ctx.skip(); // PGlite cannot cancel a running statement: the cost check below stands in.
    const t = performance.now();
    const pending = client().rpc('sleep_for', { seconds: 6 });
    await new Promise((r) => setTimeout(r, 300));
    await stillServing();
    const r = await pending;
    expect(performance.now() - t).toBeLessThan(5000);
    expect(r.status).toBe(500);
    expect(r.error).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
  });
});

describe('REST regular-expression filters', () => {
  beforeAll(async () => {
    const { error } = await serviceClient().from('limit_texts').insert({ label: 'regex', body: 'ab'.repeat(4000) });
    expect(error).toBeNull();
  });

  it('ends a pathological match filter promptly with a PostgREST error and keeps serving', async () => {
    // Back-references make PostgreSQL's regex engine cubic: minutes on this 8,000-character text.
    const pattern = encodeURIComponent('(.*)(.*)\\2\\1$');
    const t = performance.now();
    const pending = rest(`/limit_texts?select=id&label=eq.regex&body=match.${pattern}`);
    await new Promise((r) => setTimeout(r, 300));
    await stillServing();
    const err = await errorOf(await pending);
    expect(performance.now() - t).toBeLessThan(6000);
    if (isPglite()) expect(err).toMatchObject({ status: 400, code: '2201B' });
    else expect(err).toMatchObject({ status: 500, code: '57014' });
    await stillServing();
  });

  it('still runs plain match and imatch filters', async () => {
    const r = await client().from('limit_texts').select('id').eq('label', 'regex').filter('body', 'match', '^(ab){3}').limit(1);
    expect(r.error).toBeNull();
    expect(r.data).toHaveLength(1);
    const i = await rest(`/limit_texts?select=id&label=eq.regex&body=imatch.${encodeURIComponent('^AB+a')}`);
    expect(i.status).toBe(200);
  });
});

describe('REST embed depth, plan cost and response size', () => {
  it('refuses a 20-level nested embed at once with 400 PGRST100', async () => {
    const t = performance.now();
    const err = await errorOf(await rest(`/authors?select=${nestedEmbed(20)}`));
    expect(performance.now() - t).toBeLessThan(1000);
    expect(err).toMatchObject({ status: 400, code: 'PGRST100', message: 'failed to parse select parameter' });
    expect(err.details).toContain('5 levels');
    await stillServing();
  });

  it('still serves embeds 5 levels deep', async () => {
    const r = await rest(`/authors?select=${nestedEmbed(5)}&limit=1`);
    expect(r.status).toBe(200);
  });

  it('on PGlite refuses, before running, a plan above the role\u2019s cost limit (500 54000)', async () => {
    // A plan that is costly by the planner's statistics, not by its defaults for tables it knows
    // nothing of (the platform analyzes every table after the migrations): 2,000 authors with
    // 10 items each, embedded four levels deep (the bench tables, which no other test reads).
    const svc = serviceClient();
    const { data: authors, error } = await svc.from('bench_authors').insert(Array.from({ length: 2000 }, (_, i) => ({ name: `Autore ${i}` }))).select('id');
    expect(error).toBeNull();
    const items = authors!.flatMap((a, i) => Array.from({ length: 10 }, (_, k) => ({ author_id: a.id as number, title: `Titolo ${i}-${k}` })));
    expect((await svc.from('bench_items').insert(items)).error).toBeNull();
    const select = 'id,bench_items(id,bench_authors(id,bench_items(id)))';
    const anon = await rest(`/bench_authors?select=${select}`);
    if (!isPglite()) {
      expect(anon.status).toBe(200); // a server cancels at the timeout instead
      return;
    }
    expect(await errorOf(anon)).toMatchObject({ status: 500, code: '54000', message: 'plan cost limit exceeded' });
    // The service role has no cost limit (as it has no statement timeout).
    const service = await rest(`/bench_authors?select=${select}`, {}, platformInfo().serviceRoleKey);
    expect(service.status).toBe(200);
  });

  it('answers 500 54000 instead of a response over 10 MiB, and keeps serving', async () => {
    const { data, error } = await serviceClient().from('limit_texts').insert({ label: 'big', body: 'x'.repeat(600_000) }).select('id').single();
    expect(error).toBeNull();
    const copies = Array.from({ length: 20 }, (_, i) => `c${i}:body`).join(',');
    const err = await errorOf(await rest(`/limit_texts?select=${copies}&id=eq.${data!.id}`));
    expect(err).toMatchObject({ status: 500, code: '54000', message: 'response too large' });
    await stillServing();
    const few = await rest(`/limit_texts?select=c1:body,c2:body&id=eq.${data!.id}`);
    expect(few.status).toBe(200);
  });
});

describe('REST PATCH and DELETE need a filter (pg-safeupdate)', () => {
  let ids: number[] = [];
  beforeAll(async () => {
    const { data, error } = await serviceClient()
      .from('limit_texts')
      .insert([{ label: 'safe-1' }, { label: 'safe-2' }])
      .select('id');
    expect(error).toBeNull();
    ids = data!.map((r) => r.id as number);
  });

  const survivors = async () => (await serviceClient().from('limit_texts').select('id, label').in('id', ids).order('id')).data;

  it('refuses an unfiltered PATCH with 400 21000 "UPDATE requires a WHERE clause"', async () => {
    const r = await serviceClient().from('limit_texts').update({ label: 'rewritten' }).select();
    expect(r.status).toBe(400);
    expect(r.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause', details: null, hint: null });
    expect((await survivors())!.map((s) => s.label)).toEqual(['safe-1', 'safe-2']);
  });

  it('refuses DELETE whose parameters are not filters (select, order, limit, malformed)', async () => {
    const service = platformInfo().serviceRoleKey;
    for (const query of ['', '?select=%ff', '?select=id&order=id.desc&limit=1', '?columns=label&on_conflict=id']) {
      const err = await errorOf(await rest(`/limit_texts${query}`, { method: 'DELETE' }, service));
      expect(err, query).toMatchObject({ status: 400, code: '21000', message: 'DELETE requires a WHERE clause' });
    }
    expect(await survivors()).toHaveLength(2);
  });

  it('still updates and deletes with a filter', async () => {
    const up = await serviceClient().from('limit_texts').update({ label: 'safe-1b' }).eq('id', ids[0]!).select('label');
    expect(up.data).toEqual([{ label: 'safe-1b' }]);
    const del = await serviceClient().from('limit_texts').delete().eq('id', ids[1]!);
    expect(del.error).toBeNull();
    expect(await survivors()).toEqual([{ id: ids[0], label: 'safe-1b' }]);
  });
});

describe('REST nesting bounds', () => {
  it('answers a deeply nested or= with 400 PGRST100, not a stack overflow', async () => {
    const depth = 2000;
    const tree = `${'or('.repeat(depth)}id.eq.1${')'.repeat(depth)}`;
    const err = await errorOf(await rest(`/books?select=id&or=(id.eq.2,${tree})`));
    expect(err).toMatchObject({ status: 400, code: 'PGRST100', message: 'failed to parse logic tree' });
    const ok = await rest(`/books?select=id&or=(id.eq.1,${'and('.repeat(10)}id.eq.2${')'.repeat(10)})`);
    expect(ok.status).toBe(200);
  });

  it('answers deeply nested JSON bodies with 400 PGRST102 on writes and RPC', async () => {
    const deep = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;
    const headers = { 'content-type': 'application/json' };
    const insert = await errorOf(await rest('/authors', { method: 'POST', headers, body: `{"name":"deep","country":${deep(50_000)}}` }));
    expect(insert).toMatchObject({ status: 400, code: 'PGRST102' });
    const rpc = await errorOf(await rest('/rpc/echo_json', { method: 'POST', headers, body: `{"payload":${deep(50_000)}}` }));
    expect(rpc).toMatchObject({ status: 400, code: 'PGRST102' });
    const fine = await rest('/rpc/echo_json', { method: 'POST', headers, body: `{"payload":${deep(20)}}` });
    expect(fine.status).toBe(200);
    expect(await fine.json()).toEqual(JSON.parse(deep(20)));
    // The auth API reads JSON through the same reader.
    const auth = await fetch(`${platformInfo().url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { ...headers, apikey: platformInfo().anonKey },
      body: `{"email":${deep(50_000)}}`,
    });
    expect(auth.status).toBe(400);
  });
});
