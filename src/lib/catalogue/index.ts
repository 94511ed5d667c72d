/**
 * Every Italian string the user can see. Components and tests import `t` from here; each
 * area keeps its strings in its own section file, merged below.
 */
import { admin } from './admin.ts';
import { adminStaff } from './adminStaff.ts';
import { auth } from './auth.ts';
import { common } from './common.ts';
import { frame } from './frame.ts';
import { legal } from './legal.ts';
import { listingEditor } from './listingEditor.ts';
import { money } from './money.ts';
import { listings } from './listings.ts';
import { myListings } from './myListings.ts';
import { notifications } from './notifications.ts';
import { photos } from './photos.ts';
import { profile } from './profile.ts';
import { pwa } from './pwa.ts';
import { search } from './search.ts';
import { tickets } from './tickets.ts';

export const t = {
  common,
  frame,
  auth,
  notifications,
  tickets,
  profile,
  legal,
  listings,
  listingEditor,
  search,
  pwa,
  myListings,
  photos,
  admin,
  money,
  adminStaff,
} as const;
