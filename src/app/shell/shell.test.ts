import { describe, expect, it } from 'vitest';
import { t } from '@/lib/catalogue/index.ts';
import { AGE_GATE_ATTRIBUTE, AGE_GATE_KEY } from '../ageGateStorage.ts';
import { AUTH_STORAGE_KEY } from '@/lib/authStorage.ts';
import { CARD_SKELETON, FIRST_PAINT_WAIT_MS, SHELL_PHOTO_WAIT_MS, SHELL_SCRIPT, appLoaderScript, gateHtml, shellHtml, shellRoute } from './shell.ts';
import { SHELL_PHOTO_ATTRIBUTE, SHELL_PHOTO_EVENT } from '@/lib/shellPhoto.ts';

/** What index.html's inline script decides for an address and a device (run as the page runs it). */
function runScript(pathname: string, stored: Record<string, string> = {}, hash = '', search = '') {
  const attributes = new Map<string, string>();
  const document = { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } };
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  // The inline script is a string by nature (index.html carries it): run it as the page does.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function('location', 'document', 'localStorage', SHELL_SCRIPT)({ pathname, hash, search }, document, localStorage);
  return { route: attributes.get('data-shell') ?? null, gate: attributes.has(AGE_GATE_ATTRIBUTE) };
}

const scriptRoute = (pathname: string) => runScript(pathname).route;

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

  it('opens the 18+ gate for an anonymous visitor who has not answered it, as AgeGate does', () => {
    expect(runScript('/').gate).toBe(true);
    expect(runScript('/listing/abc').gate).toBe(true);
    expect(runScript('/', { [AGE_GATE_KEY]: '1' }).gate).toBe(false);
    expect(runScript('/', { [AGE_GATE_KEY]: '0' }).gate).toBe(true);
    // A stored session or one arriving in the address: a signed-in user never sees it.
    expect(runScript('/', { [AUTH_STORAGE_KEY]: '{}' }).gate).toBe(false);
    expect(runScript('/', {}, '#access_token=x&refresh_token=y').gate).toBe(false);
    expect(runScript('/', {}, '', '?code=abc').gate).toBe(false);
    // Pages without a prerendered shell (the exempt /termini, /privacy among them) leave it to the app.
    expect(runScript('/termini').gate).toBe(false);
    expect(runScript('/auth').gate).toBe(false);
  });

  it('draws the gate with the catalogue strings and a confirm that remembers the answer', () => {
    const html = gateHtml(t);
    expect(html).toContain(`>${t.frame.ageGate.title}<`);
    expect(html).toContain(`>${t.frame.ageGate.confirm}<`);
    expect(html).toContain(`localStorage.setItem(&quot;${AGE_GATE_KEY}&quot;,'1')`);
    expect(html).toContain('href="https://www.google.it"');
  });

  it("adds the app's tags once, after the first contentful paint or FIRST_PAINT_WAIT_MS, whichever comes first; at once in a hidden tab", () => {
    const tags = '<link rel="stylesheet" href="/a.css" data-app-css><script type="module" src="/assets/index-x.js"></script>';
    const script = appLoaderScript(tags);
    expect(script).not.toContain('</script>'); // inline in index.html
    const run = (visibilityState = 'visible') => {
      const added: string[] = [];
      const timers: (() => void)[] = [];
      const delays: number[] = [];
      let paint: ((list: { getEntriesByName: (n: string) => unknown[] }) => void) | undefined;
      const document = {
        visibilityState,
        head: { append: (fragment: string) => added.push(fragment) },
        createRange: () => ({ createContextualFragment: (html: string) => html }),
      };
      class PerformanceObserver {
        constructor(callback: typeof paint) {
          paint = callback;
        }
        observe() {}
      }
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      new Function('document', 'PerformanceObserver', 'setTimeout', script)(document, PerformanceObserver, (f: () => void, ms = 0) => {
        timers.push(f);
        delays.push(ms);
      });
      return { added, timers, delays, firstPaint: (names: string[]) => paint!({ getEntriesByName: (n: string) => names.filter((x) => x === n) }) };
    };
    const page = run();
    expect(page.added).toEqual([]);
    page.firstPaint(['first-paint']); // not contentful yet
    expect(page.delays).toEqual([FIRST_PAINT_WAIT_MS]); // only the fallback
    page.firstPaint(['first-contentful-paint']);
    page.timers.forEach((f) => f());
    expect(page.added).toEqual([tags]);
    // A browser that reports no paint still gets the app, from the fallback.
    const unpainted = run();
    unpainted.timers.forEach((f) => f());
    expect(unpainted.added).toEqual([tags]);
    // A hidden tab paints nothing: the app comes at once.
    const hidden = run('hidden');
    expect(hidden.added).toEqual([tags]);
    expect(hidden.timers).toEqual([]);
  });

  it("app.html's loader also waits for the shell's first photo, at most SHELL_PHOTO_WAIT_MS", () => {
    const tags = '<script type="module" src="/assets/index-x.js"></script>';
    const script = appLoaderScript(tags, { afterShellPhoto: true });
    expect(script).not.toContain('</script>');
    const run = () => {
      const added: string[] = [];
      const timers: { f: () => void; ms: number }[] = [];
      const frames: (() => void)[] = [];
      const listeners = new Map<string, () => void>();
      let photo: string | null = null;
      let paint: ((list: { getEntriesByName: (n: string) => unknown[] }) => void) | undefined;
      const document = {
        documentElement: { getAttribute: (name: string) => (name === SHELL_PHOTO_ATTRIBUTE ? photo : null) },
        head: { append: (fragment: string) => added.push(fragment) },
        createRange: () => ({ createContextualFragment: (html: string) => html }),
        addEventListener: (type: string, f: () => void) => listeners.set(type, f),
      };
      class PerformanceObserver {
        constructor(callback: typeof paint) {
          paint = callback;
        }
        observe() {}
      }
      const setTimeout = (f: () => void, ms = 0) => timers.push({ f, ms });
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      new Function('document', 'PerformanceObserver', 'setTimeout', 'requestAnimationFrame', script)(document, PerformanceObserver, setTimeout, (f: () => void) => frames.push(f));
      const flush = () => {
        frames.splice(0).forEach((f) => f());
        timers.filter((t) => t.ms === 0).forEach((t) => t.f());
      };
      return {
        added,
        timers,
        photo: (state: string) => {
          photo = state;
          if (state === 'done') listeners.get(SHELL_PHOTO_EVENT)?.();
          flush();
        },
        contentfulPaint: () => {
          paint!({ getEntriesByName: (n: string) => (n === 'first-contentful-paint' ? [n] : []) });
          flush();
        },
      };
    };
    // The photo on its way when the shell paints: the app waits for it.
    const waiting = run();
    waiting.photo('pending');
    waiting.contentfulPaint();
    expect(waiting.added).toEqual([]);
    waiting.photo('done');
    expect(waiting.added).toEqual([tags]);
    // No photo (another route, or the answer had none): the paint is enough.
    const none = run();
    none.photo('done');
    expect(none.added).toEqual([]);
    none.contentfulPaint();
    expect(none.added).toEqual([tags]);
    // Boot never answers (its script failed): the app still comes, from the fallback.
    const stuck = run();
    stuck.contentfulPaint();
    expect(stuck.added).toEqual([]);
    expect(stuck.timers.map((t) => t.ms)).toContain(SHELL_PHOTO_WAIT_MS);
    stuck.timers.find((t) => t.ms === SHELL_PHOTO_WAIT_MS)!.f();
    expect(stuck.added).toEqual([tags]);
  });
});
