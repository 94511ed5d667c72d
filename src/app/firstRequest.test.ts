import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchListingDetail, searchListings } from '@/features/listings/api.ts';
import { parseFilters } from '@/features/search/model.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '@/lib/env.ts';
import { FIRST_REQUEST_GLOBAL, firstRequestScript, takeStartedRequest } from '@/lib/firstRequest.ts';

const ID = '6f1c2b1e-8a51-4c36-9e0b-2f4b8e6d1a77';

type Sent = { url: string; method?: string; body?: unknown; headers: Record<string, string> };

/** A fetch that records what it is asked and answers `reply`. */
function recorder(reply: string) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    sent.push({ url: String(url), method: init.method, body: init.body, headers: Object.fromEntries(new Headers(init.headers)) });
    return new Response(reply, { status: 200 });
  });
  return { sent, fetch };
}

/** Runs the page's inline script at `address` as the HTML would, with `fetch` as the browser's. */
function runPageScript(address: string, fetch: unknown) {
  const url = new URL(address, 'https://incontri.example');
  vi.stubGlobal('fetch', fetch);
  // The script as the page runs it, with the address given (the shell's own test does the same).
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function('window', 'location', 'fetch', 'performance', firstRequestScript(SUPABASE_URL, SUPABASE_ANON_KEY))(
    globalThis,
    { pathname: url.pathname, search: url.search },
    fetch,
    performance,
  );
}

/** The route's first read, as boot.ts asks it (app/prefetch.ts). */
const reads: [string, () => Promise<unknown>, string][] = [
  ['/', () => searchListings({}), '[]'],
  ['/search', () => searchListings(parseFilters('')), '[]'],
  [`/listing/${ID}`, () => fetchListingDetail(ID), '{"status":"missing"}'],
  [`/listing/${ID}/`, () => fetchListingDetail(ID), '{"status":"missing"}'],
];

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as Record<string, unknown>)[FIRST_REQUEST_GLOBAL];
});

describe("the page's first request (firstRequest.ts)", () => {
  it.each(reads)('%s: the HTML sends the request the app sends, and the app takes its answer instead of asking again', async (address, read, reply) => {
    // What the app sends on its own.
    const alone = recorder(reply);
    vi.stubGlobal('fetch', alone.fetch);
    await read();
    expect(alone.sent).toHaveLength(1);

    const page = recorder(reply);
    runPageScript(address, page.fetch);
    expect(page.sent).toEqual(alone.sent);
    await read();
    expect(page.fetch).toHaveBeenCalledTimes(1);
    // Taken once: the next read asks the network.
    await read();
    expect(page.fetch).toHaveBeenCalledTimes(2);
  });

  it.each(['/search?city=Milano', '/listing/non-un-annuncio', '/preferiti', '/my-listings'])('%s: the HTML starts nothing', (address) => {
    const page = recorder('[]');
    runPageScript(address, page.fetch);
    expect(page.fetch).not.toHaveBeenCalled();
    expect((globalThis as Record<string, unknown>)[FIRST_REQUEST_GLOBAL]).toBeUndefined();
  });

  it('an answer left unclaimed for 10 s is not taken: the app asked for something else first', () => {
    const page = recorder('[]');
    runPageScript('/', page.fetch);
    const started = (globalThis as unknown as Record<string, { url: string; body: string; at: number }>)[FIRST_REQUEST_GLOBAL]!;
    started.at -= 10_001;
    expect(takeStartedRequest(started.url, started.body)).toBeUndefined();
  });
});
