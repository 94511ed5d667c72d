import { describe, expect, it } from 'vitest';
import { matchRoutes, rankRoutes, type RouteObject } from './match.ts';

const table: RouteObject[] = [
  {
    element: 'layout',
    children: [
      { index: true, element: 'index' },
      { path: '/search', element: 'search' },
      { path: '/listing/:id', element: 'listing' },
      { path: '/listing/new', element: 'new' },
      { element: 'guard', children: [{ path: '/my-tickets/:ticketId', element: 'ticket' }] },
      { path: '/files/*', element: 'files' },
      { path: 'relative/:a', children: [{ path: ':b', element: 'nested' }] },
      { path: '*', element: 'notFound' },
    ],
  },
];
const branches = rankRoutes(table);
const at = (pathname: string) => {
  const found = matchRoutes(branches, pathname);
  return found && { elements: found.routes.map((r) => r.element), params: found.params };
};

describe('route matching', () => {
  it('matches through pathless layouts, index routes included', () => {
    expect(at('/')).toEqual({ elements: ['layout', 'index'], params: {} });
    expect(at('/search')).toEqual({ elements: ['layout', 'search'], params: {} });
    expect(at('/my-tickets/7')).toEqual({ elements: ['layout', 'guard', 'ticket'], params: { ticketId: '7' } });
  });

  it('reads :params decoded, one segment each', () => {
    expect(at('/listing/a%20b%2Fc')?.params).toEqual({ id: 'a b/c' });
    expect(at('/listing/a/b')?.elements).toEqual(['layout', 'notFound']);
  });

  it('ranks a static segment before a :param, whatever the order of the table', () => {
    expect(at('/listing/new')?.elements).toEqual(['layout', 'new']);
    expect(at('/listing/old')?.elements).toEqual(['layout', 'listing']);
  });

  it('allows a trailing slash and ignores case, as react-router does', () => {
    expect(at('/search/')?.elements).toEqual(['layout', 'search']);
    expect(at('/SEARCH')?.elements).toEqual(['layout', 'search']);
  });

  it('gives a splat the rest of the path, and falls back to * last', () => {
    expect(at('/files/a/b%20c')).toEqual({ elements: ['layout', 'files'], params: { '*': 'a/b c' } });
    expect(at('/files')).toEqual({ elements: ['layout', 'files'], params: { '*': '' } });
    expect(at('/nowhere/at/all')).toEqual({ elements: ['layout', 'notFound'], params: { '*': 'nowhere/at/all' } });
  });

  it('joins a relative child path to its parent', () => {
    expect(at('/relative/1/2')).toEqual({ elements: ['layout', undefined, 'nested'], params: { a: '1', b: '2' } });
  });

  it('matches nothing without a catch-all', () => {
    expect(matchRoutes(rankRoutes([{ path: '/only' }]), '/other')).toBeNull();
  });
});
