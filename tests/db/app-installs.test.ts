/**
 * Home-screen installs: anyone reports one per device through record_app_install, at most 20
 * new devices an hour per client address (x-forwarded-for's first hop, as the gateway sets it);
 * only staff read them.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { admin, expectError, expectOk } from '../support/db.ts';
import { makeUser } from '../support/factories.ts';

/** A visitor's client from one address (the test platform trusts x-forwarded-for, as Supabase's gateway sets it). */
const from = (address: string) => client(undefined, { 'x-forwarded-for': address });
const install = async (c: SupabaseClient, device = crypto.randomUUID()) =>
  expectOk(await c.rpc('record_app_install', { p_device: device, p_platform: 'prompt' }));
/** An address no other test uses (TEST-NET-3 with a random tail). */
const address = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}, 10.0.0.${Math.floor(Math.random() * 250) + 1}`;

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

  it('one address cannot fill the counter for everyone: its own quota ends, another address still records', async () => {
    const flood = from(address());
    for (let i = 0; i < 20; i += 1) expect(await install(flood)).toBe(true);
    expect(await install(flood)).toBe(false);
    // The same script naming another device or repeating one gets nothing more.
    expect(await install(flood)).toBe(false);
    // More than the former site-wide cap could tell apart: a real visitor elsewhere is recorded.
    const visitor = crypto.randomUUID();
    expect(await install(from('198.51.100.7'), visitor)).toBe(true);
    expect(expectOk(await admin().from('app_installs').select('device_id').eq('device_id', visitor))).toEqual([{ device_id: visitor }]);
  });

  it('the client address is the first hop of x-forwarded-for; a second hop does not make a new client', async () => {
    const first = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < 20; i += 1) expect(await install(from(`${first}, 10.1.1.${i}`))).toBe(true);
    expect(await install(from(`${first}, 10.9.9.9`))).toBe(false);
  });
});
