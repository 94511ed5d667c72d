import { describe, expect, it } from 'vitest';
import { t } from '@/lib/catalogue/index.ts';
import { CARD_SKELETON, SHELL_SCRIPT, shellHtml, shellRoute } from './shell.ts';

/** What index.html's inline script decides for an address (run as the page runs it). */
function scriptRoute(pathname: string): string | null {
  let shell: string | null = null;
  const document = { documentElement: { setAttribute: (_: string, value: string) => (shell = value) } };
  // The inline script is a string by nature (index.html carries it): run it as the page does.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function('location', 'document', SHELL_SCRIPT)({ pathname }, document);
  return shell;
}

describe('the prerendered shell', () => {
  const cases: [string, ReturnType<typeof shellRoute>][] = [
    ['/', 'home'],
    ['/search', 'search'],
    ['/preferiti', 'favourites'],
    ['/listing/b0000000-0000-4000-8000-000000000012', 'listing'],
    ['/listing/abc/', 'listing'],
    ['/listing/abc/modifica', null],
    ['/listing/', null],
    ['/auth', null],
    ['/searchx', null],
  ];

  it.each(cases)('%s shows the %s shell, in the page script as in the app', (path, route) => {
    expect(shellRoute(path)).toBe(route);
    expect(scriptRoute(path)).toBe(route);
  });

  it('holds every public route and the catalogue strings, escaped', () => {
    const html = shellHtml(t);
    for (const section of ['sh-home', 'sh-search', 'sh-listing', 'sh-favourites']) expect(html).toContain(`class="${section}"`);
    expect(html).toContain(`>${t.listings.home.title}<`);
    expect(html).toContain(`placeholder="${t.search.queryPlaceholder}"`);
    expect(html).toContain(CARD_SKELETON);
    const hostile = { ...t, search: { ...t.search, title: '<b>"x" & y</b>' } } as unknown as typeof t;
    expect(shellHtml(hostile)).toContain('&lt;b&gt;&quot;x&quot; &amp; y&lt;/b&gt;');
  });
});
