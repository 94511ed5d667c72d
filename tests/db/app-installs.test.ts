/** Home-screen installs: anyone reports one per device through record_app_install; only staff read them. */
import { describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { admin, expectError, expectOk } from '../support/db.ts';
import { makeUser } from '../support/factories.ts';

describe('app installs', () => {
  it('one row per device, from visitors and users alike; a bad platform is refused', async () => {
    const device = crypto.randomUUID();
    expect(expectOk(await client().rpc('record_app_install', { p_device: device, p_platform: 'prompt' }))).toBe(true);
    expect(expectOk(await client().rpc('record_app_install', { p_device: device, p_platform: 'ios' }))).toBe(false);
    const user = await makeUser();
    const other = crypto.randomUUID();
    expect(expectOk(await user.client.rpc('record_app_install', { p_device: other, p_platform: 'ios' }))).toBe(true);
    const rows = expectOk(await admin().from('app_installs').select('device_id, platform, user_id').in('device_id', [device, other]).order('id'));
    expect(rows).toEqual([
      { device_id: device, platform: 'prompt', user_id: null },
      { device_id: other, platform: 'ios', user_id: user.id },
    ]);
    expectError(await client().rpc('record_app_install', { p_device: crypto.randomUUID(), p_platform: 'desktop-hack' }), 'Installazione non valida.');
  });

  it('is written only through the function and read only by staff', async () => {
    const [user, staff] = await Promise.all([makeUser(), makeUser({ role: 'supporto' })]);
    expectOk(await client().rpc('record_app_install', { p_device: crypto.randomUUID(), p_platform: 'other' }));
    expectError(await user.client.from('app_installs').insert({ device_id: crypto.randomUUID(), platform: 'other' }), /permission denied/);
    expectError(await client().from('app_installs').insert({ device_id: crypto.randomUUID(), platform: 'other' }), /permission denied/);
    expect(expectOk(await user.client.from('app_installs').select('id'))).toEqual([]);
    expect((await client().from('app_installs').select('id')).data ?? []).toEqual([]);
    expect(expectOk(await staff.client.from('app_installs').select('id'))!.length).toBeGreaterThan(0);
  });
});
