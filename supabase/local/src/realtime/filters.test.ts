import { describe, expect, it } from 'vitest';
import { FilterError, matchesFilter, parseFilter, toText } from './filters.ts';

describe('parseFilter', () => {
  it('parses column=op.value', () => {
    expect(parseFilter('user_id=eq.abc')).toEqual({ column: 'user_id', op: 'eq', values: ['abc'] });
    expect(parseFilter('body=neq.a.b=c')).toEqual({ column: 'body', op: 'neq', values: ['a.b=c'] });
    expect(parseFilter('n=gte.')).toEqual({ column: 'n', op: 'gte', values: [''] });
  });

  it('parses in lists, with quotes', () => {
    expect(parseFilter('id=in.(1,2,3)').values).toEqual(['1', '2', '3']);
    expect(parseFilter('t=in.("a,b", c ,"d\\"e")').values).toEqual(['a,b', 'c', 'd"e']);
    expect(parseFilter('t=in.()').values).toEqual([]);
  });

  it('refuses what it cannot evaluate', () => {
    for (const bad of ['noop', '=eq.1', 'a=eq', 'a=like.x%', 'a=in.1,2', 'a=in.("x)']) {
      expect(() => parseFilter(bad), bad).toThrow(FilterError);
    }
  });
});

describe('matchesFilter', () => {
  const row = { id: 7, user_id: 'AAAAAAAA-0000-4000-8000-000000000001', done: true, body: 'ciao', at: '2026-01-01T10:00:00+00:00', n: null, meta: { a: 1 } };
  const m = (f: string, type?: string) => matchesFilter(parseFilter(f), row, type);

  it('compares numbers numerically', () => {
    expect(m('id=eq.7', 'int8')).toBe(true);
    expect(m('id=eq.7.0', 'int8')).toBe(true);
    expect(m('id=lt.10', 'int8')).toBe(true);
    expect(m('id=lt.10')).toBe(true); // not '7' < '10' as text
    expect(m('id=gt.7', 'int8')).toBe(false);
    expect(m('id=gte.7', 'int8')).toBe(true);
    expect(m('id=lte.6', 'int8')).toBe(false);
    expect(m('id=neq.7', 'int8')).toBe(false);
    expect(m('id=in.(1,7)', 'int8')).toBe(true);
    expect(m('id=in.(1,2)', 'int8')).toBe(false);
    expect(m('id=eq.x', 'int8')).toBe(false);
  });

  it('normalises uuids, booleans and timestamps', () => {
    expect(m('user_id=eq.aaaaaaaa-0000-4000-8000-000000000001', 'uuid')).toBe(true);
    expect(m('done=eq.t', 'bool')).toBe(true);
    expect(m('done=eq.false', 'bool')).toBe(false);
    expect(m('at=eq.2026-01-01 11:00:00+01', 'timestamptz')).toBe(true);
    expect(m('at=lt.2026-01-02', 'timestamptz')).toBe(true);
  });

  it('compares text as text', () => {
    expect(m('body=eq.ciao', 'text')).toBe(true);
    expect(m('body=eq.Ciao', 'text')).toBe(false);
    expect(m('body=gt.b', 'text')).toBe(true);
    expect(m('meta=eq.{"a":1}', 'jsonb')).toBe(true);
  });

  it('never matches NULL or a missing column (SQL semantics)', () => {
    expect(m('n=eq.null')).toBe(false);
    expect(m('n=neq.1')).toBe(false);
    expect(m('missing=neq.1')).toBe(false);
    expect(matchesFilter(parseFilter('id=eq.1'), null)).toBe(false);
  });

  it('prints values like Postgres', () => {
    expect(toText(true)).toBe('true');
    expect(toText(1.5)).toBe('1.5');
    expect(toText(null)).toBeNull();
    expect(toText([1])).toBe('[1]');
  });
});
