/**
 * The prerendered shell: the HTML index.html carries inside #root, so a phone paints the
 * header, the route's title, search bar and card skeletons at their final sizes before any
 * script or stylesheet has arrived (styles: shell.css, inlined). React replaces it on its
 * first render. One page serves every path, so it holds each public route's main part and
 * SHELL_SCRIPT (inline, before the body) shows the one for the address; without JavaScript the
 * home's shows. Pure strings: build/prerenderShell.ts builds it from the catalogue at build time.
 */
import type { t as catalogue } from '../../lib/catalogue/index.ts';
import { paths } from '../../lib/paths.ts';
import { AGE_CONFIRMED_ATTRIBUTE, AGE_GATE_ATTRIBUTE, AGE_GATE_KEY } from '../ageGateStorage.ts';
import { AUTH_STORAGE_KEY, SESSION_IN_HASH, SESSION_IN_SEARCH } from '../../lib/authStorage.ts';
import { SHELL_PHOTO_ATTRIBUTE, SHELL_PHOTO_EVENT } from '../../lib/shellPhoto.ts';

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

/**
 * index.html's first script: the route's shell, and whether the 18+ gate opens (an anonymous
 * visitor who has not answered it on this device: no answer and no stored session, as
 * AgeGate and mayHaveSession decide), both before the first paint.
 */
export const SHELL_SCRIPT = `(function(){var p=location.pathname,r=${JSON.stringify(paths.home)}===p?'home':${JSON.stringify(paths.search)}===p?'search':${JSON.stringify(paths.favourites)}===p?'favourites':/^\\/listing\\/[^/]+\\/?$/.test(p)?'listing':null,h=document.documentElement;if(!r)return;h.setAttribute('data-shell',r);try{if(localStorage.getItem(${JSON.stringify(AGE_GATE_KEY)})==='1'||localStorage.getItem(${JSON.stringify(AUTH_STORAGE_KEY)}))return}catch(e){return}if(${SESSION_IN_HASH}.test(location.hash)||${SESSION_IN_SEARCH}.test(location.search))return;h.setAttribute(${JSON.stringify(AGE_GATE_ATTRIBUTE)},'')})()`;

/**
 * The gate's confirm button before the app has loaded: the answer is remembered as AgeGate's
 * is, and the page marks it too (private mode), so the app does not ask again.
 */
const GATE_CONFIRM = `try{localStorage.setItem(${JSON.stringify(AGE_GATE_KEY)},'1')}catch(e){}document.documentElement.removeAttribute(${JSON.stringify(AGE_GATE_ATTRIBUTE)});document.documentElement.setAttribute(${JSON.stringify(AGE_CONFIRMED_ATTRIBUTE)},'')`;

/**
 * The 18+ gate as AgeGate draws it, on the same box, so a new visitor's first paint is the
 * question. It sits beside #root, not in it: React's first render leaves it alone, and AgeGate
 * takes it away once its own dialog is on screen (dropPrerenderedGate), so the question never
 * leaves the screen and is painted once.
 */
export function gateHtml(t: Catalogue): string {
  const e = escape;
  const m = t.frame.ageGate;
  return [
    `<div class="sh-gate-backdrop" data-shell-gate></div>`,
    `<div class="sh-gate" data-shell-gate role="dialog" aria-modal="true" aria-labelledby="sh-gate-title" aria-describedby="sh-gate-text">`,
    `<h2 id="sh-gate-title" class="sh-gate-title">${e(m.title)}</h2>`,
    `<div class="sh-gate-body"><p id="sh-gate-text" class="sh-gate-text">${e(m.text)}</p>`,
    `<button type="button" class="sh-button" data-filled autofocus onclick="${e(GATE_CONFIRM)}">${e(m.confirm)}</button>`,
    `<a class="sh-button" data-default href="https://www.google.it">${e(m.leave)}</a>`,
    `<p class="sh-gate-legal">${e(m.legalPrefix)} <a href="${paths.terms}">${e(t.frame.footer.terms)}</a> ${e(m.legalAnd)} <a href="${paths.privacy}">${e(t.frame.footer.privacy)}</a>.</p>`,
    `</div></div>`,
  ].join('');
}

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

/** Removes the prerendered gate once the frame holding AgeGate's own dialog has been drawn over it. */
export function dropPrerenderedGate() {
  const nodes = document.querySelectorAll('[data-shell-gate]');
  // Out of the accessibility tree at once: one dialog is announced, AgeGate's.
  nodes.forEach((n) => n.setAttribute('aria-hidden', 'true'));
  if (nodes.length) requestAnimationFrame(() => requestAnimationFrame(() => nodes.forEach((n) => n.remove())));
}

/**
 * index.html's script after the shell's: `tags` (the app's entry and its stylesheets) join the
 * page once the shell has been painted (its first contentful paint; at once in a hidden tab,
 * which paints nothing; FIRST_PAINT_WAIT_MS from the start at the latest, so a browser without
 * paint timing still gets the app: 300 ms came before a slow phone's first paint).
 * Nothing of the app is needed for that paint or for the first photo (boot.ts asks for it at
 * once), so on a phone's link they no longer share its bandwidth.
 *
 * The service worker serves app.html instead (build/prerenderShell.ts), whose loader waits
 * (`afterShellPhoto`) for the paint and for boot.ts's first photo in the shell (lib/shellPhoto.ts),
 * at most SHELL_PHOTO_WAIT_MS from the start: from the worker's cache the app's code arrives at
 * once, and its first run, at once, held that photo's paint on a throttled phone (0.5-0.75 s
 * instead of 0.2-0.35 s after the navigation).
 */
export const SHELL_PHOTO_WAIT_MS = 1000;
export const FIRST_PAINT_WAIT_MS = 1000;

export function appLoaderScript(tags: string, opts: { afterShellPhoto?: boolean } = {}): string {
  const html = JSON.stringify(tags).replace(/</g, '\\u003c');
  const go = `function go(){if(done)return;done=1;d.head.append(d.createRange().createContextualFragment(H))}`;
  const paint = (then: string) =>
    `try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length){${then}}}).observe({type:'paint',buffered:true})}catch(e){}`;
  if (!opts.afterShellPhoto)
    return `(function(){var d=document,H=${html},done=0;${go}if(d.visibilityState==='hidden')return go();${paint('setTimeout(go)')}setTimeout(go,${FIRST_PAINT_WAIT_MS})})()`;
  const ready = `function ready(){if(painted&&h.getAttribute(${JSON.stringify(SHELL_PHOTO_ATTRIBUTE)})==='done')setTimeout(go)}`;
  return `(function(){var d=document,h=d.documentElement,H=${html},done=0,painted=0;${go}${ready}d.addEventListener(${JSON.stringify(SHELL_PHOTO_EVENT)},function(){requestAnimationFrame(ready)});${paint('painted=1;ready()')}setTimeout(go,${SHELL_PHOTO_WAIT_MS})})()`;
}
