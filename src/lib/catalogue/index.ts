/**
 * The Italian strings of the app's frame and the visitor's screens, in the first route's
 * JavaScript. The signed-in screens' strings (listing editor, my listings, photos, money,
 * control panel) are in screens.ts, loaded with those screens: merged here, they doubled the
 * first route's catalogue. The legal texts load with their pages (legal.ts). Tests import `t`
 * from screens.ts, which holds all of them.
 */
import { auth } from './auth.ts';
import { common } from './common.ts';
import { favourites } from './favourites.ts';
import { frame } from './frame.ts';
import { listings } from './listings.ts';
import { notifications } from './notifications.ts';
import { pwa } from './pwa.ts';
import { search } from './search.ts';
import { tickets } from './tickets.ts';
import { trust } from './trust.ts';

export const t = {
  common,
  frame,
  auth,
  notifications,
  tickets,
  listings,
  search,
  pwa,
  favourites,
  trust,
} as const;
