import { beforeAll, describe, expect, it } from 'vitest';
import { client, platformInfo, serviceClient, tag } from '../support/clients.ts';
import { tokenUser } from '../support/tokens.ts';

const admin = serviceClient();
const anon = client();
const T = tag('rpc');

beforeAll(async () => {
  const a = await admin.from('authors').insert({ name: `Rodari ${T}` }).select('id').single();
  if (a.error) throw a.error;
  const b = await admin.from('books').insert([
    { title: `Favole al telefono ${T}`, author_id: a.data.id, price: 8 },
    { title: `Grammatica della fantasia ${T}`, author_id: a.data.id, price: 14 },
    { title: `Cipollino ${T}`, author_id: a.data.id, price: 6 },
  ]);
  if (b.error) throw b.error;
});

describe('REST rpc', () => {
  it('calls a scalar function with named arguments (POST) and uses defaults', async () => {
    expect(await anon.rpc('add_numbers', { a: 2, b: 40 })).toMatchObject({ data: 42, error: null, status: 200 });
    expect((await anon.rpc('add_numbers', { a: 2 })).data).toBe(3);
  });

  it('calls with GET, arrays as {a,b} literals, and with POST JSON arrays', async () => {
    expect((await anon.rpc('sum_array', { nums: [1, 2, 3, 4] }, { get: true })).data).toBe(10);
    expect((await anon.rpc('sum_array', { nums: [5, 6] })).data).toBe(11);
    expect((await anon.rpc('add_numbers', { a: 1, b: 1 }, { get: true })).data).toBe(2);
  });

  it('evaluates a scalar stable function once per call (its answer is not computed again for the size check)', async () => {
    expect(await anon.rpc('evaluations')).toMatchObject({ data: 1, error: null, status: 200 });
    expect((await anon.rpc('evaluations', {}, { get: true })).data).toBe(1);
  });

  it('passes jsonb through unchanged', async () => {
    const payload = { a: [1, 'x', null], b: { c: true } };
    expect((await anon.rpc('echo_json', { payload })).data).toEqual(payload);
  });

  it('returns setof rows that accept filters, order, range, count and embeds', async () => {
    const all = await anon.rpc('books_by_author', { author_name: `Rodari ${T}` }).select('title, price').order('price');
    expect(all.error).toBeNull();
    expect((all.data as { price: number }[]).map((r) => r.price)).toEqual([6, 8, 14]);
    const filtered = await anon
      .rpc('books_by_author', { author_name: `Rodari ${T}` }, { count: 'exact' })
      .select('title, authors(name)')
      .gt('price', 7)
      .order('price', { ascending: false })
      .range(0, 0);
    expect(filtered.error).toBeNull();
    expect(filtered.count).toBe(2);
    expect(filtered.data).toEqual([{ title: `Grammatica della fantasia ${T}`, authors: { name: `Rodari ${T}` } }]);
    const viaGet = await anon.rpc('books_by_author', { author_name: `Rodari ${T}` }, { get: true }).select('price').lt('price', 7);
    expect(viaGet.data).toEqual([{ price: 6 }]);
    const single = await anon.rpc('books_by_author', { author_name: `Rodari ${T}` }).select('price').eq('price', 8).single();
    expect(single.data).toEqual({ price: 8 });
  });

  it('returns setof scalars as an array and RETURNS TABLE as objects', async () => {
    const names = await anon.rpc('author_names');
    expect(names.error).toBeNull();
    expect(names.data).toContain(`Rodari ${T}`);
    expect(names.data!.every((n: unknown) => typeof n === 'string')).toBe(true);
    const table = await anon.rpc('book_summary', { min_price: 13 }).like('title', `%${T}`);
    expect(table.data).toEqual([{ title: `Grammatica della fantasia ${T}`, author: `Rodari ${T}`, price: 14 }]);
  });

  it('returns a composite as an object', async () => {
    const id = (await admin.from('authors').select('id').eq('name', `Rodari ${T}`).single()).data!.id;
    const found = await anon.rpc('get_author', { author_id: id });
    expect(found.data).toEqual({ id, name: `Rodari ${T}`, country: null, born: null });
  });

  it('returns 204 for void', async () => {
    const res = await anon.rpc('do_nothing');
    expect(res.error).toBeNull();
    expect(res.status).toBe(204);
    expect(res.data).toBeNull();
  });

  it('maps raised exceptions: P0001 → 400 with the message, PTxxx → that status, custom codes pass through', async () => {
    const p0001 = await anon.rpc('fail_with', { msg: 'Annuncio non trovato' });
    expect(p0001.status).toBe(400);
    expect(p0001.error).toMatchObject({ code: 'P0001', message: 'Annuncio non trovato' });
    const pt = await anon.rpc('fail_custom', { code: 'PT402' });
    expect(pt.status).toBe(402);
    const custom = await anon.rpc('fail_custom', { code: 'AB123' });
    expect(custom.status).toBe(400);
    expect(custom.error).toMatchObject({ code: 'AB123', message: 'custom failure', details: 'some detail', hint: 'some hint' });
  });

  it('404 PGRST202 for unknown functions or arguments', async () => {
    const unknown = await anon.rpc('no_such_fn', { x: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('PGRST202');
    const badArg = await anon.rpc('add_numbers', { a: 1, zzz: 2 });
    expect(badArg.status).toBe(404);
    expect(badArg.error?.code).toBe('PGRST202');
    const missingArg = await anon.rpc('add_numbers', { b: 2 });
    expect(missingArg.error?.code).toBe('PGRST202');
    const badValue = await anon.rpc('add_numbers', { a: 'one' });
    expect(badValue.status).toBe(400);
    expect(badValue.error?.code).toBe('22P02');
  });

  it('runs volatile functions as the caller, under RLS', async () => {
    const alice = await tokenUser();
    const note = await alice.client.rpc('add_note', { body: 'via rpc' });
    expect(note.error).toBeNull();
    expect(note.data).toMatchObject({ body: 'via rpc', user_id: alice.id });
    const anonNote = await anon.rpc('add_note', { body: 'anon' });
    // auth.uid() is null for anon, so the insert policy refuses the row.
    expect(anonNote.status).toBe(401);
    expect(anonNote.error?.code).toBe('42501');
    void platformInfo;
  });
});

describe('REST rpc over GET', () => {
  it('runs GET read-only: a volatile function that writes is refused with 405', async () => {
    const alice = await tokenUser();
    const res = await alice.client.rpc('add_note', { body: 'via get' }, { get: true });
    expect(res.status).toBe(405);
    expect(res.error?.code).toBe('25006');
    const check = await serviceClient().from('private_notes').select('id').eq('user_id', alice.id);
    expect(check.data).toEqual([]);
  });
});
