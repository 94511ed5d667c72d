/**
 * The prerendered shell: the HTML index.html carries inside #root, so a phone paints the
 * header, the route's title, search bar and card skeletons at their final sizes before any
 * script or stylesheet has arrived (styles: shell.css, inlined). React replaces it on its
 * first render. One page serves every path, so it holds each public route's main part and
 * SHELL_SCRIPT (inline, before the body) shows the one for the address; without JavaScript the
 * home's shows. Pure strings: vite.config.ts builds it from the catalogue at build time.
 */
import type { t as catalogue } from '../../lib/catalogue/index.ts';
import { paths } from '../../lib/paths.ts';

type Catalogue = typeof catalogue;

const HEART = 'M12 21s-7.5-4.6-10-9.3C.4 8.6 2.2 4.5 6 4.1c2.1-.2 3.7.9 4.6 2.3h2.8c.9-1.4 2.5-2.5 4.6-2.3 3.8.4 5.6 4.5 4 7.6C19.5 16.4 12 21 12 21z';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Which route's shell an address shows (null: none of the prerendered ones, the home's stays). */
export function shellRoute(pathname: string): 'home' | 'search' | 'listing' | 'favourites' | null {
  if (pathname === paths.home) return 'home';
  if (pathname === paths.search) return 'search';
  if (pathname === paths.favourites) return 'favourites';
  if (/^\/listing\/[^/]+\/?$/.test(pathname)) return 'listing';
  return null;
}

/** index.html's first script: the route's shell, decided before the first paint. */
export const SHELL_SCRIPT = `(function(){var p=location.pathname,r=${JSON.stringify(paths.home)}===p?'home':${JSON.stringify(paths.search)}===p?'search':${JSON.stringify(paths.favourites)}===p?'favourites':/^\\/listing\\/[^/]+\\/?$/.test(p)?'listing':null;if(r)document.documentElement.setAttribute('data-shell',r)})()`;

/** A listing card's frame while its page loads (the app's ListingSkeleton draws the same). */
export const CARD_SKELETON = '<div class="sh-card" aria-hidden="true"><div class="sh-photo"></div><div class="sh-lines"><span></span><span></span><span></span></div></div>';

/** Home's list while it loads: its first heading's room (Hot or newest: not known yet), a card. */
export const LIST_SKELETON = `<div class="sh-heading"></div>${CARD_SKELETON}`;

/** The content of #root before the app runs. */
export function shellHtml(t: Catalogue): string {
  const e = escape;
  const h = t.listings.home;
  const s = t.search;
  return [
    `<header class="sh-header"><div class="sh-bar">`,
    `<a class="sh-brand" href="${paths.home}" aria-label="${e(t.frame.header.homeLink)}"><svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true"><path fill="#d6336c" d="${HEART}"/></svg><span>${e(t.common.appName)}</span></a>`,
    `<div class="sh-tools"><a class="sh-fav" href="${paths.favourites}" aria-label="${e(t.favourites.headerLink)}"><svg width="21" height="21" viewBox="0 0 24 24" aria-hidden="true"><path d="${HEART}" fill="none" stroke="currentColor" stroke-width="2"/></svg></a>`,
    `<a class="sh-login" href="${paths.auth}">${e(t.frame.header.login)}</a></div>`,
    `</div></header>`,
    `<main class="sh-main">`,
    `<section class="sh-home"><div class="sh-intro"><div><h1 class="sh-h1">${e(h.title)}</h1><p class="sh-dimmed">${e(h.subtitle)}</p></div><a class="sh-button" href="${paths.search}">${e(h.searchCta)}</a></div>`,
    `${LIST_SKELETON}</section>`,
    `<section class="sh-search"><h1 class="sh-h1">${e(s.title)}</h1>`,
    `<form action="${paths.search}" method="get"><label class="sh-label" for="sh-q">${e(s.query)}</label><div class="sh-row"><input class="sh-input" id="sh-q" name="q" type="search" placeholder="${e(s.queryPlaceholder)}"><button class="sh-button" data-filled type="submit">${e(s.submit)}</button></div></form>`,
    `<div class="sh-tools-row"><span class="sh-button">${e(s.filtersButton(0))}</span><span class="sh-button" data-default>${e(s.save)}</span></div>`,
    `<div class="sh-results">${CARD_SKELETON}</div></section>`,
    `<section class="sh-listing"><div class="sh-back"></div><div class="sh-gallery"></div></section>`,
    `<section class="sh-favourites"><h1 class="sh-h1">${e(t.frame.titles.favourites)}</h1></section>`,
    `</main>`,
  ].join('');
}
