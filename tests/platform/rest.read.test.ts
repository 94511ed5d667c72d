import { beforeAll, describe, expect, it } from 'vitest';
import { client, platformInfo, serviceClient, tag } from '../support/clients.ts';

const admin = serviceClient();
const anon = client();
const T = tag('read');
let calvino: number;
let eco: number;
let nobody: number;
const bookIds: Record<string, number> = {};

beforeAll(async () => {
  const a = await admin
    .from('authors')
    .insert([{ name: `Calvino ${T}`, country: 'IT' }, { name: `Eco ${T}`, country: 'IT' }, { name: `Nobody ${T}`, country: null }])
    .select();
  if (a.error) throw a.error;
  [calvino, eco, nobody] = a.data.map((r) => r.id as number) as [number, number, number];
  const b = await admin
    .from('books')
    .insert([
      { title: `Il barone rampante ${T}`, author_id: calvino, price: 12.5, in_print: true, tags: ['romanzo', 'classico'], meta: { pages: 280, lang: 'it' }, descr: 'Un ragazzo sale sugli alberi e non scende più', published_at: '1957-06-01T10:00:00Z' },
      { title: `Le città invisibili ${T}`, author_id: calvino, price: 9, in_print: false, tags: ['romanzo', 'viaggi'], meta: { pages: 170, lang: 'it' }, descr: 'Marco Polo racconta le città al Kublai Khan' },
      { title: `Il nome della rosa ${T}`, author_id: eco, price: 15.9, in_print: null, tags: ['giallo'], meta: { pages: 500, lang: 'it', prizes: ['Strega'] }, descr: 'Monaci, biblioteche e delitti in una abbazia' },
      { title: `Orfano ${T}`, author_id: null, price: null, in_print: true, tags: [], meta: {}, descr: null },
    ])
    .select('id, title');
  if (b.error) throw b.error;
  ['barone', 'citta', 'rosa', 'orfano'].forEach((k, i) => (bookIds[k] = b.data[i]!.id as number));
  const e = await admin.from('editions').insert([
    { book_id: b.data[0]!.id, isbn: `isbn-1-${T}`, translator_id: eco, editor_id: nobody },
  ]);
  if (e.error) throw e.error;
  const c = await admin.from('covers').insert({ book_id: b.data[0]!.id, url: 'https://img/1.jpg' });
  if (c.error) throw c.error;
});

describe('REST select', () => {
  it('returns chosen columns, aliases, casts and JSON paths with Postgres types', async () => {
    const { data, error, status } = await anon
      .from('books')
      .select('id, label:title, price, cost:price::text, pages:meta->pages, lang:meta->>lang, tags, published_at')
      .eq('author_id', calvino)
      .order('title');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      { id: expect.any(Number), label: `Il barone rampante ${T}`, price: 12.5, cost: '12.50', pages: 280, lang: 'it', tags: ['romanzo', 'classico'], published_at: '1957-06-01T10:00:00+00:00' },
      { id: expect.any(Number), label: `Le città invisibili ${T}`, price: 9, cost: '9.00', pages: 170, lang: 'it', tags: ['romanzo', 'viaggi'], published_at: null },
    ]);
  });

  it('embeds many-to-one as an object (or null) and one-to-many as an array (or [])', async () => {
    const books = await anon.from('books').select('title, authors(name)').ilike('title', `%${T}`).order('title');
    expect(books.error).toBeNull();
    expect(books.data!.find((b) => b.title.startsWith('Orfano'))!.authors).toBeNull();
    expect(books.data!.find((b) => b.title.startsWith('Il nome'))!.authors).toEqual({ name: `Eco ${T}` });

    const authors = await anon
      .from('authors')
      .select('name, books(title, price)')
      .in('id', [calvino, nobody])
      .order('name')
      .order('title', { referencedTable: 'books', ascending: false });
    expect(authors.error).toBeNull();
    expect(authors.data).toEqual([
      {
        name: `Calvino ${T}`,
        books: [
          { title: `Le città invisibili ${T}`, price: 9 },
          { title: `Il barone rampante ${T}`, price: 12.5 },
        ],
      },
      { name: `Nobody ${T}`, books: [] },
    ]);
  });

  it('embeds one-to-one (unique FK) as an object and nests embeds', async () => {
    const { data, error } = await anon
      .from('covers')
      .select('url, book:books(title, author:authors(name, country))')
      .eq('book_id', bookIds['barone']!)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ url: 'https://img/1.jpg', book: { title: `Il barone rampante ${T}`, author: { name: `Calvino ${T}`, country: 'IT' } } });
    const back = await anon.from('books').select('title, covers(url)').eq('id', bookIds['barone']!).single();
    expect(back.data).toEqual({ title: `Il barone rampante ${T}`, covers: { url: 'https://img/1.jpg' } });
  });

  it('refuses an ambiguous embed (PGRST201) and resolves it with a constraint or column hint', async () => {
    const amb = await anon.from('editions').select('isbn, authors(name)').eq('isbn', `isbn-1-${T}`);
    expect(amb.status).toBe(300);
    expect(amb.error?.code).toBe('PGRST201');
    const hinted = await anon
      .from('editions')
      .select('isbn, translator:authors!editions_translator_fk(name), editor:authors!editor_id(name)')
      .eq('isbn', `isbn-1-${T}`)
      .single();
    expect(hinted.error).toBeNull();
    expect(hinted.data).toEqual({ isbn: `isbn-1-${T}`, translator: { name: `Eco ${T}` }, editor: { name: `Nobody ${T}` } });
    const missing = await anon.from('authors').select('*, covers(*)').limit(1);
    expect(missing.status).toBe(400);
    expect(missing.error?.code).toBe('PGRST200');
  });

  it('filters embedded rows, and !inner also filters the parents', async () => {
    const left = await anon
      .from('authors')
      .select('name, books(title)')
      .in('id', [calvino, eco])
      .like('books.title', '*rosa*')
      .order('name');
    expect(left.data).toEqual([
      { name: `Calvino ${T}`, books: [] },
      { name: `Eco ${T}`, books: [{ title: `Il nome della rosa ${T}` }] },
    ]);
    const inner = await anon.from('authors').select('name, books!inner(title)').in('id', [calvino, eco]).like('books.title', '*rosa*');
    expect(inner.data).toEqual([{ name: `Eco ${T}`, books: [{ title: `Il nome della rosa ${T}` }] }]);
    const limited = await anon
      .from('authors')
      .select('name, books(title)')
      .eq('id', calvino)
      .order('title', { referencedTable: 'books' })
      .range(1, 1, { referencedTable: 'books' });
    expect(limited.data).toEqual([{ name: `Calvino ${T}`, books: [{ title: `Le città invisibili ${T}` }] }]);
    const nullEmbed = await anon.from('books').select('title, authors(name)').ilike('title', `%${T}`).is('authors', null);
    expect(nullEmbed.data).toEqual([{ title: `Orfano ${T}`, authors: null }]);
    const embedOr = await anon
      .from('authors')
      .select('name, books(title)')
      .eq('id', calvino)
      .or('price.lt.10,price.gt.100', { referencedTable: 'books' });
    expect(embedOr.data).toEqual([{ name: `Calvino ${T}`, books: [{ title: `Le città invisibili ${T}` }] }]);
  });

  it('applies every comparison operator', async () => {
    const titles = async (q: PromiseLike<{ data: { title: string }[] | null; error: unknown }>) => {
      const { data, error } = await q;
      expect(error).toBeNull();
      return data!.map((r) => r.title.split(' ')[0]).sort();
    };
    const base = () => anon.from('books').select('title').ilike('title', `%${T}`);
    expect(await titles(base().eq('price', 9))).toEqual(['Le']);
    expect(await titles(base().neq('price', 9))).toEqual(['Il', 'Il']);
    expect(await titles(base().gt('price', 12.5))).toEqual(['Il']);
    expect(await titles(base().gte('price', 12.5))).toEqual(['Il', 'Il']);
    expect(await titles(base().lt('price', 12.5))).toEqual(['Le']);
    expect(await titles(base().lte('price', 12.5).gte('price', 9))).toEqual(['Il', 'Le']);
    expect(await titles(base().like('title', '%barone%'))).toEqual(['Il']);
    expect(await titles(base().ilike('title', '%CITTÀ%'))).toEqual(['Le']);
    expect(await titles(base().filter('title', 'like', '*rosa*'))).toEqual(['Il']);
    expect(await titles(base().filter('title', 'match', '^Orf'))).toEqual(['Orfano']);
    expect(await titles(base().filter('title', 'imatch', '^orf'))).toEqual(['Orfano']);
    expect(await titles(base().is('in_print', null))).toEqual(['Il']);
    expect(await titles(base().is('in_print', true))).toEqual(['Il', 'Orfano']);
    expect(await titles(base().is('in_print', false))).toEqual(['Le']);
    expect(await titles(base().filter('in_print', 'is', 'unknown'))).toEqual(['Il']);
    expect(await titles(base().filter('in_print', 'isdistinct', 'true'))).toEqual(['Il', 'Le']);
    expect(await titles(base().not('price', 'is', null))).toEqual(['Il', 'Il', 'Le']);
    expect(await titles(base().in('id', [bookIds['barone']!, bookIds['orfano']!]))).toEqual(['Il', 'Orfano']);
    expect(await titles(base().not('id', 'in', `(${bookIds['barone']},${bookIds['orfano']})`))).toEqual(['Il', 'Le']);
    expect(await titles(base().in('title', []))).toEqual([]);
    expect(await titles(base().contains('tags', ['romanzo']))).toEqual(['Il', 'Le']);
    expect(await titles(base().containedBy('tags', ['romanzo', 'classico', 'extra']))).toEqual(['Il', 'Orfano']);
    expect(await titles(base().overlaps('tags', ['viaggi', 'giallo']))).toEqual(['Il', 'Le']);
    expect(await titles(base().contains('meta', { prizes: ['Strega'] }))).toEqual(['Il']);
    expect(await titles(base().eq('meta->>lang', 'it').gt('meta->pages', 200))).toEqual(['Il', 'Il']);
    expect(await titles(base().filter('title', 'like(any)', '{*rosa*,*barone*}'))).toEqual(['Il', 'Il']);
  });

  it('does Italian full-text search on a generated tsvector (fts, plfts, phfts, wfts)', async () => {
    const titles = async (q: PromiseLike<{ data: { title: string }[] | null; error: unknown }>) => {
      const { data, error } = await q;
      expect(error).toBeNull();
      return data!.map((r) => r.title.split(' ')[0]).sort();
    };
    const base = () => anon.from('books').select('title').ilike('title', `%${T}`);
    // Italian stemming: "biblioteca" matches "biblioteche".
    expect(await titles(base().textSearch('fts', 'biblioteca', { config: 'italian' }))).toEqual(['Il']);
    expect(await titles(base().textSearch('fts', 'alberi & ragazzo', { config: 'italian' }))).toEqual(['Il']);
    expect(await titles(base().textSearch('fts', 'città racconta', { type: 'plain', config: 'italian' }))).toEqual(['Le']);
    expect(await titles(base().textSearch('fts', 'marco polo', { type: 'phrase', config: 'italian' }))).toEqual(['Le']);
    expect(await titles(base().textSearch('fts', 'polo marco', { type: 'phrase', config: 'italian' }))).toEqual([]);
    expect(await titles(base().textSearch('fts', '"monaci" -alberi', { type: 'websearch', config: 'italian' }))).toEqual(['Il']);
    expect(await titles(base().textSearch('descr', 'abbazia', { type: 'plain', config: 'italian' }))).toEqual(['Il']);
  });

  it('handles or/and trees, nesting, not.or, and quoted values', async () => {
    const r1 = await anon
      .from('books')
      .select('title')
      .ilike('title', `%${T}`)
      .or(`price.lt.10,and(in_print.is.true,price.is.null)`)
      .order('title');
    expect(r1.error).toBeNull();
    expect(r1.data!.map((r) => r.title)).toEqual([`Le città invisibili ${T}`, `Orfano ${T}`]);
    const url = `${platformInfo().url}/rest/v1/books?select=title&title=ilike.*${encodeURIComponent(T)}&not.or=(price.lt.10,price.is.null)&order=title`;
    const res = await fetch(url, { headers: { apikey: platformInfo().anonKey } });
    expect(res.status).toBe(200);
    expect((await res.json()).map((r: { title: string }) => r.title)).toEqual([`Il barone rampante ${T}`, `Il nome della rosa ${T}`]);
    const quoted = await anon.from('books').select('title').or(`title.eq."Orfano ${T}",title.eq."a,b(c)"`);
    expect(quoted.data).toEqual([{ title: `Orfano ${T}` }]);
    const inQuoted = await anon.from('books').select('title').in('title', [`Orfano ${T}`, 'x,y', '(z)']);
    expect(inQuoted.data).toEqual([{ title: `Orfano ${T}` }]);
  });

  it('orders with nulls first/last, pages with range, and counts', async () => {
    const asc = await anon.from('books').select('price').ilike('title', `%${T}`).order('price', { ascending: true, nullsFirst: true });
    expect(asc.data!.map((r) => r.price)).toEqual([null, 9, 12.5, 15.9]);
    const desc = await anon.from('books').select('price').ilike('title', `%${T}`).order('price', { ascending: false, nullsFirst: false });
    expect(desc.data!.map((r) => r.price)).toEqual([15.9, 12.5, 9, null]);
    const page = await anon.from('books').select('price', { count: 'exact' }).ilike('title', `%${T}`).order('price').range(1, 2);
    expect(page.error).toBeNull();
    expect(page.count).toBe(4);
    expect(page.data!.map((r) => r.price)).toEqual([12.5, 15.9]);
    expect([200, 206]).toContain(page.status);
    const planned = await anon.from('books').select('id', { count: 'planned' }).ilike('title', `%${T}`).limit(1);
    expect(planned.count).toBe(4);
    const beyond = await anon.from('books').select('id', { count: 'exact' }).ilike('title', `%${T}`).range(10, 20);
    expect(beyond.data).toEqual([]);
    expect(beyond.count).toBe(4);
  });

  it('counts with HEAD and no body, counting only rows the inner embed keeps', async () => {
    const head = await anon.from('books').select('*', { count: 'exact', head: true }).ilike('title', `%${T}`).eq('in_print', true);
    expect(head.error).toBeNull();
    expect(head.data).toBeNull();
    expect(head.count).toBe(2);
    const inner = await anon
      .from('authors')
      .select('id, books!inner(id)', { count: 'exact', head: true })
      .in('id', [calvino, eco, nobody]);
    expect(inner.count).toBe(2);
  });

  it('single() returns a bare object or 406 PGRST116; maybeSingle() maps [] to null', async () => {
    const one = await anon.from('authors').select('name').eq('id', eco).single();
    expect(one.error).toBeNull();
    expect(one.data).toEqual({ name: `Eco ${T}` });
    const none = await anon.from('authors').select('name').eq('id', -1).single();
    expect(none.status).toBe(406);
    expect(none.error?.code).toBe('PGRST116');
    expect(none.error?.details).toContain('0 rows');
    const many = await anon.from('authors').select('name').in('id', [calvino, eco]).single();
    expect(many.status).toBe(406);
    expect(many.error?.code).toBe('PGRST116');
    const maybe = await anon.from('authors').select('name').eq('id', -1).maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });

  it('embeds many-to-many through a junction table', async () => {
    const tags = await admin.from('tags').insert([{ name: `giallo ${T}` }, { name: `storico ${T}` }, { name: `unused ${T}` }]).select('id, name');
    expect(tags.error).toBeNull();
    const [giallo, storico] = tags.data!;
    const link = await admin.from('book_tags').insert([
      { book_id: bookIds['rosa'], tag_id: giallo!.id },
      { book_id: bookIds['rosa'], tag_id: storico!.id },
      { book_id: bookIds['barone'], tag_id: storico!.id },
    ]);
    expect(link.error).toBeNull();
    const books = await anon
      .from('books')
      .select('title, tags(name)')
      .in('id', [bookIds['rosa']!, bookIds['barone']!, bookIds['orfano']!])
      .order('title')
      .order('name', { referencedTable: 'tags' });
    expect(books.error).toBeNull();
    expect(books.data).toEqual([
      { title: `Il barone rampante ${T}`, tags: [{ name: `storico ${T}` }] },
      { title: `Il nome della rosa ${T}`, tags: [{ name: `giallo ${T}` }, { name: `storico ${T}` }] },
      { title: `Orfano ${T}`, tags: [] },
    ]);
    const back = await anon.from('tags').select('name, books!inner(title)').like('name', `%${T}`).eq('books.id', bookIds['barone']!);
    expect(back.data).toEqual([{ name: `storico ${T}`, books: [{ title: `Il barone rampante ${T}` }] }]);
  });

  it('spreads a to-one embed into the parent object', async () => {
    const { data, error } = await anon
      .from('books')
      .select('title, ...authors(author_name:name, country)')
      .eq('id', bookIds['rosa']!)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ title: `Il nome della rosa ${T}`, author_name: `Eco ${T}`, country: 'IT' });
    const toMany = await anon.from('authors').select('name, ...books(title)').eq('id', eco);
    expect(toMany.status).toBe(400);
  });

  it('reads views', async () => {
    const { data, error } = await anon.from('book_titles').select('title, price').eq('id', bookIds['citta']!);
    expect(error).toBeNull();
    expect(data).toEqual([{ title: `Le città invisibili ${T}`, price: 9 }]);
  });

  it('answers schema-cache misses and bad queries with PostgREST errors', async () => {
    const table = await anon.from('no_such_table').select('*');
    expect(table.status).toBe(404);
    expect(table.error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.no_such_table' in the schema cache" });
    const column = await anon.from('books').select('id, nope');
    expect(column.status).toBe(400);
    expect(column.error?.code).toBe('42703');
    const filterColumn = await anon.from('books').select('id').eq('nope', 1);
    expect(filterColumn.status).toBe(400);
    expect(filterColumn.error?.code).toBe('42703');
    const badOp = await anon.from('books').select('id').filter('price', 'bogus', 1);
    expect(badOp.status).toBe(400);
    expect(badOp.error?.code).toBe('PGRST100');
    const badValue = await anon.from('books').select('id').eq('price', 'not-a-number');
    expect(badValue.status).toBe(400);
    expect(badValue.error?.code).toBe('22P02');
    const badSelect = await anon.from('books').select('id, authors(name');
    expect(badSelect.status).toBe(400);
    expect(badSelect.error?.code).toBe('PGRST100');
    const badOr = await anon.from('books').select('id').or('price.gt.5,(');
    expect(badOr.status).toBe(400);
    const badLimit = await fetch(`${platformInfo().url}/rest/v1/books?limit=ten`, { headers: { apikey: platformInfo().anonKey } });
    expect(badLimit.status).toBe(400);
    const profile = await fetch(`${platformInfo().url}/rest/v1/books`, { headers: { apikey: platformInfo().anonKey, 'accept-profile': 'private' } });
    expect(profile.status).toBe(406);
    expect((await profile.json()).code).toBe('PGRST106');
    const ok = await anon.from('books').select('id').limit(1);
    expect(ok.status).toBe(200);
  });

  it('treats the typed API the way the app uses it: select + eq + two orders', async () => {
    const { data } = await anon
      .from('books')
      .select('title, in_print')
      .eq('author_id', calvino)
      .order('in_print', { ascending: false })
      .order('title');
    expect(data).toEqual([
      { title: `Il barone rampante ${T}`, in_print: true },
      { title: `Le città invisibili ${T}`, in_print: false },
    ]);
  });
});
