/**
 * The page's first public read, started by an inline script in the HTML (firstRequestScript)
 * as soon as the page is parsed, instead of once boot.ts and its imports have downloaded: on a
 * phone that is a round trip and their transfer sooner. publicRest takes its answer when it
 * asks for the same thing, once, while it is fresh; otherwise it fetches as before.
 */

import { paths } from './paths.ts';

/** Where the inline script leaves the request it started. */
export const FIRST_REQUEST_GLOBAL = '__incontriFirstRpc';

interface StartedRequest {
  url: string;
  body: string;
  /** performance.now() when it was sent. */
  at: number;
  answer: Promise<Response>;
}

/** Older than this, an unclaimed answer is not taken (the app asked for something else first). */
const FRESH_MS = 10_000;

/** The started request's answer if it was sent to `url` with `body`; each answer is taken once. */
export function takeStartedRequest(url: string, body: string): Promise<Response> | undefined {
  const holder = globalThis as unknown as Record<string, StartedRequest | undefined>;
  const started = holder[FIRST_REQUEST_GLOBAL];
  if (!started || started.url !== url || started.body !== body) return undefined;
  delete holder[FIRST_REQUEST_GLOBAL];
  return performance.now() - started.at < FRESH_MS ? started.answer : undefined;
}

/** searchListings' body for no filters, the home's and a bare /search's first page (app/firstRequest.test.ts holds them equal). */
export const FIRST_PAGE_BODY = JSON.stringify({ p_limit: 20 });

/** The headers of a public read as the visitor: publicRest's, and the inline script's (one list, so the two requests stay the same). */
export function publicHeaders(anonKey: string): Record<string, string> {
  return { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json' };
}

/** A listing detail's id as the app accepts one (isUuid): anything else is answered 'missing' without a request. */
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/**
 * The inline script: on the home page and a bare /search, the first page of listings; on a
 * listing's page, its detail. The same POST publicRest sends (URL, body, headers), so the
 * answer is the one the app would have fetched. A failure is left to the taker to report.
 */
export function firstRequestScript(apiUrl: string, anonKey: string): string {
  const url = JSON.stringify(`${apiUrl}/rest/v1/rpc/`);
  const headers = JSON.stringify(publicHeaders(anonKey));
  const listing = new RegExp(`^${paths.listing.replace(':id', `(${UUID})`)}/?$`).source;
  return `(function(){if(!window.fetch||!window.performance)return;var p=location.pathname,f,b,m,a;if(p===${JSON.stringify(paths.home)}||(p===${JSON.stringify(paths.search)}&&!location.search)){f='search_listings';b=${JSON.stringify(FIRST_PAGE_BODY)}}else if((m=/${listing}/.exec(p))){f='listing_detail';b=JSON.stringify({p_id:m[1]})}else return;var u=${url}+f;a=fetch(u,{method:'POST',headers:${headers},body:b});a.catch(function(){});window[${JSON.stringify(FIRST_REQUEST_GLOBAL)}]={url:u,body:b,at:performance.now(),answer:a}})()`;
}
