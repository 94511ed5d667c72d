import { describe, expect, it } from 'vitest';
import { parseField, parseList, parseLogic, parseOperation, parseOrder, parsePrefer, parseSelect, splitTop, toPgArray, parseKey } from './parse.ts';
import { ApiError } from './errors.ts';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof ApiError ? `${err.status} ${err.code}` : String(err);
  }
  return 'no error';
};

describe('parseSelect', () => {
  it('parses columns, aliases, casts, JSON paths and spaces', () => {
    expect(parseSelect('id, label:title, price::text, meta->a->>b, x:meta->0')).toEqual([
      { kind: 'column', field: { name: 'id', json: [] }, alias: undefined, cast: undefined },
      { kind: 'column', field: { name: 'title', json: [] }, alias: 'label', cast: undefined },
      { kind: 'column', field: { name: 'price', json: [] }, alias: undefined, cast: 'text' },
      { kind: 'column', field: { name: 'meta', json: [{ arrow: '->', key: 'a' }, { arrow: '->>', key: 'b' }] }, alias: undefined, cast: undefined },
      { kind: 'column', field: { name: 'meta', json: [{ arrow: '->', key: '0' }] }, alias: 'x', cast: undefined },
    ]);
    expect(parseSelect(null)).toEqual([{ kind: 'star' }]);
    expect(parseSelect('')).toEqual([{ kind: 'star' }]);
    expect(parseSelect('"my col"')).toEqual([{ kind: 'column', field: { name: 'my col', json: [] }, alias: undefined, cast: undefined }]);
  });

  it('parses embedded resources with aliases, hints, !inner, spread and nesting', () => {
    expect(parseSelect('*, a:authors!books_author_fk!inner(name, c:countries(*)), ...covers(url), tags()')).toEqual([
      { kind: 'star' },
      {
        kind: 'embed',
        name: 'authors',
        alias: 'a',
        hint: 'books_author_fk',
        inner: true,
        spread: false,
        items: [
          { kind: 'column', field: { name: 'name', json: [] }, alias: undefined, cast: undefined },
          { kind: 'embed', name: 'countries', alias: 'c', hint: undefined, inner: false, spread: false, items: [{ kind: 'star' }] },
        ],
      },
      { kind: 'embed', name: 'covers', alias: undefined, hint: undefined, inner: false, spread: true, items: [{ kind: 'column', field: { name: 'url', json: [] }, alias: undefined, cast: undefined }] },
      { kind: 'embed', name: 'tags', alias: undefined, hint: undefined, inner: false, spread: false, items: [] },
    ]);
  });

  it('rejects malformed selects with 400 PGRST100', () => {
    expect(code(() => parseSelect('id,(name'))).toBe('400 PGRST100');
    expect(code(() => parseSelect('id,,name'))).toBe('400 PGRST100');
    expect(code(() => parseSelect('a(b)c'))).toBe('400 PGRST100');
    expect(code(() => parseSelect('id::text;drop'))).toBe('400 PGRST100');
    expect(code(() => parseSelect('a!x!y(*)'))).toBe('400 PGRST100');
  });
});

describe('filters', () => {
  const f = (expr: string) => parseOperation([], parseField('c'), expr);

  it('parses operators, not, modifiers and lists', () => {
    expect(f('eq.5')).toMatchObject({ op: 'eq', negate: false, value: '5' });
    expect(f('not.like.*a.b*')).toMatchObject({ op: 'like', negate: true, value: '*a.b*' });
    expect(f('in.(1,"a,b",  c)')).toMatchObject({ op: 'in', list: ['1', 'a,b', '  c'] });
    expect(f('in.()')).toMatchObject({ list: [] });
    expect(f('wfts(italian).rosso & bici')).toMatchObject({ op: 'wfts', config: 'italian', value: 'rosso & bici' });
    expect(f('like(any).{a*,*b}')).toMatchObject({ op: 'like', quantifier: 'any', list: ['a*', '*b'] });
    expect(f('is.NULL')).toMatchObject({ op: 'is', value: 'NULL' });
    expect(f('eq."quoted"')).toMatchObject({ value: '"quoted"' });
  });

  it('rejects unknown operators, bad is values and bad lists', () => {
    expect(code(() => f('zz.1'))).toBe('400 PGRST100');
    expect(code(() => f('eq'))).toBe('400 PGRST100');
    expect(code(() => f('is.maybe'))).toBe('400 PGRST100');
    expect(code(() => f('in.1,2'))).toBe('400 PGRST100');
    expect(code(() => f('fts(bad config).x'))).toBe('400 PGRST100');
    expect(code(() => f('eq(foo).1'))).toBe('400 PGRST100');
  });

  it('parses nested logic trees with quoted values', () => {
    const tree = parseLogic([], 'or', false, '(a.eq.1,not.and(b.gt.2,c.in.(x,"y,z")),d.eq."p,q(r)",e->>k.eq.v)');
    expect(tree.op).toBe('or');
    expect(tree.children).toHaveLength(4);
    expect(tree.children[1]).toMatchObject({ kind: 'logic', op: 'and', negate: true });
    expect((tree.children[1] as { children: unknown[] }).children[1]).toMatchObject({ op: 'in', list: ['x', 'y,z'] });
    expect(tree.children[2]).toMatchObject({ op: 'eq', value: 'p,q(r)' });
    expect(tree.children[3]).toMatchObject({ field: { name: 'e', json: [{ arrow: '->>', key: 'k' }] }, value: 'v' });
    expect(code(() => parseLogic([], 'or', false, 'a.eq.1'))).toBe('400 PGRST100');
    expect(code(() => parseLogic([], 'or', false, '(a.eq.1'))).toBe('400 PGRST100');
    expect(code(() => parseLogic([], 'or', false, '(a)'))).toBe('400 PGRST100');
  });

  it('splits keys into embed path and column', () => {
    expect(parseKey('books.authors.name')).toEqual({ path: ['books', 'authors'], last: 'name' });
    expect(parseKey('meta->a.b')).toEqual({ path: [], last: 'meta->a.b' });
  });
});

describe('order, prefer, lists', () => {
  it('parses order terms', () => {
    expect(parseOrder('a.desc.nullslast,b,c.asc.nullsfirst,d->>x.desc')).toEqual([
      { field: { name: 'a', json: [] }, desc: true, nulls: 'last' },
      { field: { name: 'b', json: [] }, desc: false, nulls: undefined },
      { field: { name: 'c', json: [] }, desc: false, nulls: 'first' },
      { field: { name: 'd', json: [{ arrow: '->>', key: 'x' }] }, desc: true, nulls: undefined },
    ]);
    expect(code(() => parseOrder(''))).toBe('400 PGRST100');
    expect(code(() => parseOrder('a;drop'))).toBe('400 PGRST100');
  });

  it('parses Prefer', () => {
    expect(parsePrefer('resolution=ignore-duplicates, return=representation,count=exact, missing=default, tx=rollback, bogus')).toEqual({
      resolution: 'ignore-duplicates',
      return: 'representation',
      count: 'exact',
      missing: 'default',
      tx: 'rollback',
    });
    expect(parsePrefer(null)).toEqual({});
  });

  it('splits at top level only and builds array literals', () => {
    expect(splitTop('a,b(c,d),"e,f",{g,h}')).toEqual(['a', 'b(c,d)', '"e,f"', '{g,h}']);
    expect(parseList('(a,"b\\"c")')).toEqual(['a', 'b"c']);
    expect(toPgArray(['a', 'b c', 'd"e', 'f\\g', null, 1])).toBe('{"a","b c","d\\"e","f\\\\g",NULL,"1"}');
  });
});
