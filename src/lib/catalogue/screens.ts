/** Every Italian string: the first route's (index.ts) and the signed-in screens' own. */
import { admin } from './admin.ts';
import { adminStaff } from './adminStaff.ts';
import { favouritesScreen } from './favourites.ts';
import { t as firstRoute } from './index.ts';
import { legal } from './legal.ts';
import { listingEditor } from './listingEditor.ts';
import { money } from './money.ts';
import { myListings } from './myListings.ts';
import { photos } from './photos.ts';
import { profile } from './profile.ts';
import { pushInvite } from './pushInvite.ts';
import { savedSearches } from './savedSearches.ts';
import { stats } from './stats.ts';
import { verification } from './verification.ts';

export const t = { ...firstRoute, legal, profile, listingEditor, myListings, photos, admin, money, adminStaff, favouritesScreen, savedSearches, stats, verification, pushInvite } as const;
