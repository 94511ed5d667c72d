import { describe, expect, it } from 'vitest';
import { client, platformInfo, serviceClient, signedInUser, tag } from '../support/clients.ts';
import { tokenUser } from '../support/tokens.ts';

const admin = serviceClient();
const anon = client();

async function newAuthor(name = tag('author')): Promise<number> {
  const { data, error } = await admin.from('authors').insert({ name }).select('id').single();
  if (error) throw error;
  return data.id as number;
}

describe('REST insert', () => {
  it('inserts one row: 201 with no body by default, the row with select(), a bare object with single()', async () => {
    const minimal = await anon.from('authors').insert({ name: tag('min') });
    expect(minimal.error).toBeNull();
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();

    const name = tag('rep');
    const rep = await anon.from('authors').insert({ name, country: 'IT' }).select();
    expect(rep.status).toBe(201);
    expect(rep.data).toEqual([{ id: expect.any(Number), name, country: 'IT', born: null }]);

    const single = await anon.from('books').insert({ title: tag('book'), price: 5 }).select('title, stock, price, tags, meta').single();
    expect(single.error).toBeNull();
    expect(single.data).toMatchObject({ stock: 7, price: 5, tags: [], meta: {} });
  });

  it('bulk-inserts with columns=, missing keys become NULL unless missing=default', async () => {
    const t = tag('bulk');
    const nulls = await anon
      .from('books')
      .insert([{ title: `${t} a`, price: 1, tags: ['x'], meta: { a: 1 } }, { title: `${t} b`, stock: 3, tags: [], meta: {} }])
      .select('title, price, stock');
    // stock is NOT NULL: the first row has no stock key → NULL → 23502.
    expect(nulls.status).toBe(400);
    expect(nulls.error?.code).toBe('23502');

    const defaults = await anon
      .from('books')
      .insert([{ title: `${t} a`, price: 1 }, { title: `${t} b`, stock: 3 }], { defaultToNull: false })
      .select('title, price, stock, tags');
    expect(defaults.error).toBeNull();
    expect(defaults.data).toEqual([
      { title: `${t} a`, price: 1, stock: 7, tags: [] },
      { title: `${t} b`, price: null, stock: 3, tags: [] },
    ]);

    const count = await admin.from('books').select('id', { count: 'exact', head: true }).like('title', `${t}%`);
    expect(count.count).toBe(2);
  });

  it('converts JSON values to column types (arrays, jsonb, timestamptz, numeric) and returns them unchanged', async () => {
    const row = { title: tag('types'), price: 10.25, tags: ['a', 'b c', 'd"e'], meta: { nested: { list: [1, 2] }, s: 'x' }, published_at: '2026-01-02T03:04:05.678+00:00' };
    const { data, error } = await anon.from('books').insert(row).select('title, price, tags, meta, published_at').single();
    expect(error).toBeNull();
    expect(data).toEqual(row);
  });

  it('rejects unknown payload columns (PGRST204), bad values (22P02), checks (23514), FKs and duplicates (409)', async () => {
    const unknown = await anon.from('authors').insert({ name: tag(), nope: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('PGRST204');
    expect(unknown.error?.message).toBe("Could not find the 'nope' column of 'authors' in the schema cache");
    const bad = await anon.from('books').insert({ title: tag(), price: 'cheap' });
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('22P02');
    const check = await anon.from('books').insert({ title: tag(), price: -1 });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
    const fk = await anon.from('books').insert({ title: tag(), author_id: 987654321 });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
    const name = tag('dup');
    await anon.from('authors').insert({ name });
    const dup = await anon.from('authors').insert({ name });
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe('23505');
    const notNull = await anon.from('books').insert({ price: 1 });
    expect(notNull.status).toBe(400);
    expect(notNull.error?.code).toBe('23502');
  });

  it('upserts with merge-duplicates and ignore-duplicates on the primary key or on_conflict', async () => {
    const name = tag('up');
    const first = await anon.from('authors').upsert({ name, country: 'IT' }, { onConflict: 'name' }).select().single();
    expect(first.error).toBeNull();
    const merged = await anon.from('authors').upsert({ name, country: 'FR' }, { onConflict: 'name' }).select().single();
    expect(merged.error).toBeNull();
    expect(merged.data).toEqual({ ...first.data, country: 'FR' });
    const ignored = await anon.from('authors').upsert({ name, country: 'DE' }, { onConflict: 'name', ignoreDuplicates: true }).select();
    expect(ignored.error).toBeNull();
    expect(ignored.data).toEqual([]);
    const byPk = await anon.from('authors').upsert({ id: first.data!.id, name, country: 'ES' }).select('country').single();
    expect(byPk.data).toEqual({ country: 'ES' });
    const check = await admin.from('authors').select('country').eq('name', name).single();
    expect(check.data).toEqual({ country: 'ES' });
  });

  it('returns embedded resources in the representation of a write', async () => {
    const author = await newAuthor(tag('emb'));
    const { data, error } = await anon.from('books').insert({ title: tag('eb'), author_id: author }).select('title, authors(id)').single();
    expect(error).toBeNull();
    expect(data!.authors).toEqual({ id: author });
  });

  it('rolls back a single() write that affects more than one row', async () => {
    const t = tag('multi');
    const res = await anon.from('authors').insert([{ name: `${t}1` }, { name: `${t}2` }]).select().single();
    expect(res.status).toBe(406);
    expect(res.error?.code).toBe('PGRST116');
    const left = await admin.from('authors').select('id', { count: 'exact', head: true }).like('name', `${t}%`);
    expect(left.count).toBe(0);
  });
});

describe('REST update and delete', () => {
  it('updates matching rows: 204 without select, 200 with the rows with select', async () => {
    const author = await newAuthor();
    const t = tag('upd');
    await admin.from('books').insert([{ title: `${t} 1`, author_id: author, price: 1 }, { title: `${t} 2`, author_id: author, price: 2 }, { title: `${t} 3`, price: 3 }]);
    const none = await anon.from('books').update({ stock: 1 }).eq('author_id', author);
    expect(none.status).toBe(204);
    expect(none.data).toBeNull();
    const some = await anon.from('books').update({ stock: 2, in_print: true }).eq('author_id', author).gt('price', 1).select('title, stock, in_print');
    expect(some.status).toBe(200);
    expect(some.data).toEqual([{ title: `${t} 2`, stock: 2, in_print: true }]);
    const all = await admin.from('books').select('title, stock').like('title', `${t}%`).order('title');
    expect(all.data).toEqual([
      { title: `${t} 1`, stock: 1 },
      { title: `${t} 2`, stock: 2 },
      { title: `${t} 3`, stock: 7 },
    ]);
    const nothing = await anon.from('books').update({ stock: 9 }).eq('id', -1).select();
    expect(nothing.data).toEqual([]);
    const unknown = await anon.from('books').update({ nope: 1 }).eq('id', -1);
    expect(unknown.error?.code).toBe('PGRST204');
  });

  it('deletes matching rows: 204 without select, the deleted rows with select', async () => {
    const t = tag('del');
    await admin.from('authors').insert([{ name: `${t} a` }, { name: `${t} b` }, { name: `${t} c` }]);
    const rep = await anon.from('authors').delete().eq('name', `${t} a`).select('name');
    expect(rep.status).toBe(200);
    expect(rep.data).toEqual([{ name: `${t} a` }]);
    const min = await anon.from('authors').delete().in('name', [`${t} b`]);
    expect(min.status).toBe(204);
    const left = await admin.from('authors').select('name').like('name', `${t}%`);
    expect(left.data).toEqual([{ name: `${t} c` }]);
  });
});

describe('REST writes on columns granted one by one', () => {
  it('return only what select= reads, as PostgREST does: granted columns and embeds answer, * is refused as a read is', async () => {
    const author = await newAuthor();
    const ins = await anon.from('granted_columns').insert({ author_id: author, label: 'a', secret: 's' }).select('id, label, authors(id)').single();
    expect(ins.error).toBeNull();
    expect(ins.data).toEqual({ id: expect.any(Number), label: 'a', authors: { id: author } });
    const id = (ins.data as { id: number }).id;
    expect((await anon.from('granted_columns').update({ label: 'b' }).eq('id', id).select('label')).data).toEqual([{ label: 'b' }]);
    for (const res of [
      await anon.from('granted_columns').update({ label: 'c' }).eq('id', id).select(),
      await anon.from('granted_columns').insert({ label: 'd' }).select('secret'),
      await anon.from('granted_columns').select('*').eq('id', id),
    ]) expect(res.error?.code).toBe('42501');
    expect((await admin.from('granted_columns').select('label, secret').eq('id', id)).data).toEqual([{ label: 'b', secret: 's' }]);
  });
});

describe('REST row-level security', () => {
  it('shows each user only their own rows', async () => {
    const alice = await tokenUser();
    const bob = await tokenUser();
    const a = await alice.client.from('private_notes').insert({ body: 'alice secret' }).select().single();
    expect(a.error).toBeNull();
    expect(a.data!.user_id).toBe(alice.id);
    await bob.client.from('private_notes').insert({ body: 'bob secret' });
    const mine = await alice.client.from('private_notes').select('body, user_id');
    expect(mine.data).toEqual([{ body: 'alice secret', user_id: alice.id }]);
    const theirs = await bob.client.from('private_notes').select('body').eq('id', a.data!.id);
    expect(theirs.data).toEqual([]);
    const anonRows = await anon.from('private_notes').select('id');
    expect(anonRows.data).toEqual([]);
  });

  it("leaves another user's row unchanged: the update and delete affect zero rows", async () => {
    const alice = await tokenUser();
    const bob = await tokenUser();
    const a = await alice.client.from('private_notes').insert({ body: 'original' }).select().single();
    const upd = await bob.client.from('private_notes').update({ body: 'hacked' }).eq('id', a.data!.id).select();
    expect(upd.error).toBeNull();
    expect(upd.data).toEqual([]);
    const del = await bob.client.from('private_notes').delete().eq('id', a.data!.id).select();
    expect(del.data).toEqual([]);
    const check = await admin.from('private_notes').select('body, user_id').eq('id', a.data!.id).single();
    expect(check.data).toEqual({ body: 'original', user_id: alice.id });
    const own = await alice.client.from('private_notes').update({ body: 'edited' }).eq('id', a.data!.id).select('body');
    expect(own.data).toEqual([{ body: 'edited' }]);
  });

  it('refuses rows that violate a policy: 403 for a user, 401 for anon', async () => {
    const alice = await tokenUser();
    const bob = await tokenUser();
    const forged = await alice.client.from('private_notes').insert({ body: 'as bob', user_id: bob.id });
    expect(forged.status).toBe(403);
    expect(forged.error?.code).toBe('42501');
    const anonInsert = await anon.from('announcements').insert({ text: 'hi' });
    expect(anonInsert.status).toBe(401);
    expect(anonInsert.error?.code).toBe('42501');
    const userInsert = await alice.client.from('announcements').insert({ text: 'hi' });
    expect(userInsert.status).toBe(403);
    const service = await admin.from('announcements').insert({ text: 'from service' }).select('text').single();
    expect(service.data).toEqual({ text: 'from service' });
    const read = await anon.from('announcements').select('text').eq('id', (await admin.from('announcements').select('id').eq('text', 'from service').limit(1).single()).data!.id);
    expect(read.data).toEqual([{ text: 'from service' }]);
  });

  it('lets return=minimal inserts through when the policy allows the insert', async () => {
    const alice = await tokenUser();
    const res = await alice.client.from('private_notes').insert({ body: 'minimal' });
    expect(res.status).toBe(201);
    const check = await admin.from('private_notes').select('body').eq('user_id', alice.id);
    expect(check.data).toEqual([{ body: 'minimal' }]);
  });

  it('works with sessions from the auth API (signedInUser)', async () => {
    const carla = await signedInUser();
    const dario = await signedInUser();
    const note = await carla.client.from('private_notes').insert({ body: 'di Carla' }).select('body, user_id').single();
    expect(note.error).toBeNull();
    expect(note.data).toEqual({ body: 'di Carla', user_id: carla.id });
    expect((await dario.client.from('private_notes').select('id')).data).toEqual([]);
    expect((await carla.client.from('private_notes').select('body')).data).toEqual([{ body: 'di Carla' }]);
  });

  it('runs the request as the JWT role with its claims', async () => {
    const alice = await tokenUser();
    const who = await alice.client.rpc('whoami');
    expect(who.data).toBe(`${alice.id}:authenticated`);
    expect((await anon.rpc('whoami')).data).toBe('nobody:anon');
    expect((await admin.rpc('whoami')).data).toBe('nobody:service_role');
    void platformInfo;
  });
});
