/**
 * The staff panel's data: the user search (staff only, with counts and a page total), and
 * the admin-only writes of coupons, settings and credit packages, refused for supporto and
 * users by the database (every refusal is read back as service_role).
 */
import { describe, expect, it } from 'vitest';
import { client, tag } from '../support/clients.ts';
import { admin, expectError, expectOk } from '../support/db.ts';
import { makeCoupon, makeListing, makeUser } from '../support/factories.ts';

describe('admin_search_users', () => {
  it('finds users by e-mail or name with their listings and tickets counts, a page at a time', async () => {
    const [sup, u, v] = await Promise.all([makeUser({ role: 'supporto' }), makeUser({ prefix: 'srch' }), makeUser({ prefix: 'srch' })]);
    const name = `Nome ${tag('n')}`;
    expectOk(await admin().from('profiles').update({ display_name: name }).eq('id', v.id));
    await makeListing(u);
    await makeListing(u);
    expectOk(await admin().from('tickets').insert({ user_id: u.id, subject: 'Aiuto', reporter_email: u.email }));

    const byEmail = expectOk<any>(await sup.client.rpc('admin_search_users', { p_query: u.email.toUpperCase() })) as any[];
    expect(byEmail).toEqual([expect.objectContaining({ id: u.id, email: u.email, role: 'user', listings_count: 2, tickets_count: 1, total_count: 1 })]);

    const byName = expectOk<any>(await sup.client.rpc('admin_search_users', { p_query: name.slice(5) })) as any[];
    expect(byName.map((r) => r.id)).toEqual([v.id]);

    // '%' is a character to look for, not a wildcard
    expect(expectOk(await sup.client.rpc('admin_search_users', { p_query: '%' }))).toEqual([]);

    const page1 = expectOk<any>(await sup.client.rpc('admin_search_users', { p_query: '', p_limit: 1, p_offset: 0 })) as any[];
    const page2 = expectOk<any>(await sup.client.rpc('admin_search_users', { p_query: '', p_limit: 1, p_offset: 1 })) as any[];
    expect(page1).toHaveLength(1);
    expect(page2).toHaveLength(1);
    expect(page1[0].id).not.toBe(page2[0].id);
    expect(page1[0].total_count).toBeGreaterThanOrEqual(3);
  });

  it('is refused to users and anonymous visitors', async () => {
    const u = await makeUser();
    expectError(await u.client.rpc('admin_search_users', { p_query: '' }), 'Operazione riservata allo staff.', '42501');
    const anon = await client().rpc('admin_search_users', { p_query: '' });
    expect(anon.error?.code).toBe('42501');
  });
});

describe('admin-only writes', () => {
  it('coupons: admin creates, edits and deactivates; supporto and users are refused', async () => {
    const [adm, sup, u] = await Promise.all([makeUser({ role: 'admin' }), makeUser({ role: 'supporto' }), makeUser()]);
    const code = `ADM${Date.now().toString(36)}`.toUpperCase();
    const created = expectOk<any>(
      await adm.client.from('coupons').insert({ code, type: 'reusable', discount_type: 'flat_amount', discount_value: 5, max_uses: 3, applies_to_user_id: u.id }).select().single(),
    );
    expectOk(await adm.client.from('coupons').update({ is_active: false, discount_value: 7.5 }).eq('id', created.id));
    const { data: after } = await admin().from('coupons').select('is_active, discount_value').eq('id', created.id).single();
    expect(after).toEqual({ is_active: false, discount_value: 7.5 });

    for (const who of [sup, u]) {
      const ins = await who.client.from('coupons').insert({ code: `${code}X`, type: 'single_use', discount_type: 'credits', discount_value: 10 });
      expect(ins.error?.code).toBe('42501');
      await who.client.from('coupons').update({ is_active: true, discount_value: 99 }).eq('id', created.id);
      await who.client.from('coupons').delete().eq('id', created.id);
    }
    const { data: still } = await admin().from('coupons').select('is_active, discount_value').eq('id', created.id).single();
    expect(still).toEqual({ is_active: false, discount_value: 7.5 });
    const { count } = await admin().from('coupons').select('id', { count: 'exact', head: true }).eq('code', `${code}X`);
    expect(count).toBe(0);
  });

  it('settings and credit packages: admin changes them; supporto and users are refused', async () => {
    const [adm, sup, u] = await Promise.all([makeUser({ role: 'admin' }), makeUser({ role: 'supporto' }), makeUser()]);
    const key = `staff_test_${tag('s')}`;
    expectOk(await admin().from('settings').insert({ key, value: 1 }));
    const pkgName = `Pacchetto ${tag('p')}`;
    const pkg = expectOk<any>(await adm.client.from('credit_packages').insert({ name: pkgName, credits: 10, price_cents: 100, is_active: false }).select().single());

    for (const who of [sup, u]) {
      await who.client.from('settings').update({ value: 99 }).eq('key', key);
      await who.client.from('credit_packages').update({ price_cents: 1 }).eq('id', pkg.id);
      const ins = await who.client.from('credit_packages').insert({ name: `${pkgName} X`, credits: 1, price_cents: 1 });
      expect(ins.error?.code).toBe('42501');
    }
    expect((await admin().from('settings').select('value').eq('key', key).single()).data!.value).toBe(1);
    expect((await admin().from('credit_packages').select('price_cents').eq('id', pkg.id).single()).data!.price_cents).toBe(100);

    expectOk(await adm.client.from('settings').update({ value: 2 }).eq('key', key));
    expectOk(await adm.client.from('credit_packages').update({ price_cents: 250 }).eq('id', pkg.id));
    expect((await admin().from('settings').select('value').eq('key', key).single()).data!.value).toBe(2);
    expect((await admin().from('credit_packages').select('price_cents').eq('id', pkg.id).single()).data!.price_cents).toBe(250);
    await admin().from('settings').delete().eq('key', key);
  });

  it('staff read every coupon with its usage', async () => {
    const sup = await makeUser({ role: 'supporto' });
    const c = await makeCoupon({ usage_count: 2 });
    const { data } = await sup.client.from('coupons').select('id, usage_count').eq('id', c.id).single();
    expect(data).toEqual({ id: c.id, usage_count: 2 });
  });
});
