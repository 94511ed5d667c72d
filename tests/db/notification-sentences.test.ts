/**
 * Staff's own words in a notification (issue 43): a refusal's, a removal's or a ban's reason is
 * quoted and the message goes on after it. A reason typed with its own full stop (or '!', '?',
 * '…') keeps it and gets no second one; one without gets '.'. No message reads '..'.
 */
import { describe, expect, it } from 'vitest';
import { admin, expectOk } from '../support/db.ts';
import { makeListing, makeUser, validListing, type TestUser } from '../support/factories.ts';

/** The user's notifications of `type`, oldest first, read as service_role. */
async function told(u: TestUser, type: string): Promise<string[]> {
  const { data } = await admin().from('admin_notifications').select('message').eq('user_id', u.id).eq('type', type).order('created_at');
  return data!.map((n) => n.message as string);
}

describe("a staff reason's full stop", () => {
  it('a refused listing: the reason, the refund and how to contest, one stop each', async () => {
    const staff = await makeUser({ role: 'supporto' });
    for (const [reason, quoted] of [
      ['Foto non conformi.', 'Foto non conformi.'],
      ['  Foto non conformi  ', 'Foto non conformi.'],
      ['Foto non conformi!', 'Foto non conformi!'],
      ['Le foto sono tue?', 'Le foto sono tue?'],
    ] as const) {
      // A new advertiser's listing waits for review; refusing it refunds its 10 crediti.
      const u = await makeUser({ credits: 10 });
      const l = expectOk<any>(await u.client.rpc('create_listing', validListing));
      expectOk(await staff.client.rpc('decide_listing_review', { p_listing_id: l.id, p_approve: false, p_reason: reason }));
      expect(await told(u, 'listing_rejected')).toEqual([
        `Il tuo annuncio "${validListing.p_title}" non è stato approvato: ${quoted} Ti abbiamo restituito 10 crediti. Puoi contestare la decisione scrivendo al supporto.`,
      ]);
    }
  });

  it('a listing removed by staff, with and without a reason', async () => {
    const [staff, u] = await Promise.all([makeUser({ role: 'supporto' }), makeUser()]);
    for (const reason of ['Foto non conformi.', 'Foto non conformi', null]) {
      const l = await makeListing(u);
      expectOk(await staff.client.rpc('admin_delete_listing', { p_listing_id: l.id, p_reason: reason }));
    }
    const removed = `Il tuo annuncio "${validListing.p_title}" è stato rimosso dallo staff`;
    expect(await told(u, 'listing_removed')).toEqual([`${removed}: Foto non conformi.`, `${removed}: Foto non conformi.`, `${removed}.`]);
  });

  it("a ban's new reason and an unban's", async () => {
    const [staff, u] = await Promise.all([makeUser({ role: 'supporto' }), makeUser()]);
    expectOk(await staff.client.rpc('admin_set_banned', { p_user_id: u.id, p_banned: true, p_reason: 'Annunci con foto false.' }));
    expectOk(await staff.client.rpc('admin_set_banned', { p_user_id: u.id, p_banned: true, p_reason: 'Annunci ingannevoli.' }));
    expect(await told(u, 'ban_reason_changed')).toEqual(['La motivazione della sospensione del tuo account è cambiata: Annunci ingannevoli.']);
    expectOk(await staff.client.rpc('admin_set_banned', { p_user_id: u.id, p_banned: false, p_reason: 'Ricorso accolto.' }));
    expectOk(await staff.client.rpc('admin_set_banned', { p_user_id: u.id, p_banned: true, p_reason: 'Di nuovo foto false' }));
    expectOk(await staff.client.rpc('admin_set_banned', { p_user_id: u.id, p_banned: false }));
    const rest = ' I tuoi annunci sono in pausa: puoi riattivarli da I Miei Annunci.';
    expect(await told(u, 'account_unbanned')).toEqual([`Il tuo account è stato riattivato: Ricorso accolto.${rest}`, `Il tuo account è stato riattivato.${rest}`]);
  });
});
