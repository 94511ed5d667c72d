import { describe, expect, it } from 'vitest';
import { adminSectionPath, adminUserListingsPath, listingIdOf, listingPath, promoteListingPath } from './paths.ts';

describe('paths', () => {
  it('builds links from the route patterns, encoding the id', () => {
    expect(listingPath('a b')).toBe('/listing/a%20b');
    expect(promoteListingPath('l1')).toBe('/promote-listing/l1');
    expect(promoteListingPath('l1', 'night')).toBe('/promote-listing/l1?mode=night');
    expect(promoteListingPath('l1', 'other')).toBe('/promote-listing/l1');
    expect(adminUserListingsPath('u1')).toBe('/admin/users/u1/listings');
  });

  it('builds the address of a control panel section', () => {
    expect(adminSectionPath('segnalazioni')).toBe('/admin?sezione=segnalazioni');
  });

  it("reads a listing's id back from its path", () => {
    expect(listingIdOf('/listing/a%20b')).toBe('a b');
    expect(listingIdOf('/search')).toBeNull();
  });
});
