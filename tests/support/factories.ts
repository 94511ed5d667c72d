/**
 * Rows the db suite's tests start from, made through the real API: users through the auth
 * admin API (signed in on their own client), listings through create_listing as their owner,
 * coupons as service_role. Each takes overrides for what a test cares about.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { signedInUser, uniqueEmail } from './clients.ts';
import { admin, credits, setCredits } from './db.ts';

export type Role = 'user' | 'admin' | 'supporto' | 'banned';

export interface TestUser {
  client: SupabaseClient;
  id: string;
  email: string;
}

/** A signed-in user with the given role and credit balance (set as service_role). */
export async function makeUser(opts: { role?: Role; credits?: number; metadata?: Record<string, unknown>; prefix?: string } = {}): Promise<TestUser> {
  const u = await signedInUser({ email: uniqueEmail(opts.prefix ?? opts.role ?? 'user'), metadata: opts.metadata });
  const patch: Record<string, unknown> = {};
  if (opts.role && opts.role !== 'user') patch.role = opts.role;
  if (opts.credits !== undefined) patch.credits = opts.credits;
  if (Object.keys(patch).length) {
    const { error } = await admin().from('profiles').update(patch).eq('id', u.id);
    if (error) throw error;
  }
  return { client: u.client, id: u.id, email: u.email };
}

/** create_listing arguments that pass every check. */
export const validListing = {
  p_title: 'Giulia, dolce e raffinata',
  p_category: 'donne',
  p_city: 'Milano',
  p_age: 27,
  p_description: 'Ragazza solare e simpatica, disponibile per cene e aperitivi in centro.',
  p_zone: 'Brera',
  p_hourly_rate: 150,
  p_ethnicity: ['europea'],
  p_nationality: ['italiana'],
  p_meeting_type: ['cena', 'aperitivo'],
  p_availability_for: ['sera'],
  p_meeting_location: ['hotel'],
  p_offered_services: ['girlfriend-experience'],
};

/**
 * A listing made through create_listing as its owner (credits topped up first unless `topUp` is
 * false). A new advertiser's first listing waits for review (issue 26); unless `approve` is
 * false it is approved here as staff would, so the owner is trusted from then on.
 */
export async function makeListing(owner: TestUser, overrides: Record<string, unknown> = {}, topUp = true, approve = true) {
  if (topUp) await setCredits(owner.id, (await credits(owner.id)) + 10);
  const { data, error } = await owner.client.rpc('create_listing', { ...validListing, ...overrides });
  if (error) throw new Error(`create_listing: ${error.message}`);
  const row = data as Record<string, any>;
  if (approve && row.review_status === 'pending') return approveAsStaff(row.id as string);
  return row;
}

/** Approves a waiting listing as staff would (service role: the decision's effect without a staff account). */
export async function approveAsStaff(listingId: string): Promise<Record<string, any>> {
  const done = await admin().from('listing_review_holds').update({ resolved_at: new Date().toISOString(), decision: 'approved' })
    .eq('listing_id', listingId).is('resolved_at', null);
  if (done.error) throw done.error;
  const { data, error } = await admin().from('listings').update({ review_status: 'approved' }).eq('id', listingId).select().single();
  if (error) throw error;
  return data;
}

let coupons = 0;
/** A coupon made as service_role: single use, 30 credits, a unique code unless given. */
export async function makeCoupon(fields: Record<string, unknown> = {}): Promise<{ id: string; code: string } & Record<string, any>> {
  coupons += 1;
  const code = (fields.code as string) ?? `C${Date.now().toString(36)}${process.pid}${coupons}`.toUpperCase();
  const { data, error } = await admin().from('coupons').insert({ type: 'single_use', discount_type: 'credits', discount_value: 30, ...fields, code }).select().single();
  if (error) throw error;
  return data;
}
