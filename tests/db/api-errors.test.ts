/**
 * The app's error contract (src/lib/apiError.ts) on the platform's real answers: each failure
 * supabase-js reports (PostgREST, our SQL, GoTrue, edge functions, Storage, the network)
 * becomes one of four kinds with an Italian message.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import ws from 'ws';
import { ApiError, toApiError, unwrap } from '../../src/lib/apiError.ts';
import { common } from '../../src/lib/catalogue/common.ts';
import type { Database } from '../../src/lib/database.types.ts';
import { client, platformInfo } from '../support/clients.ts';
import { signJwt, tokenClient } from '../support/tokens.ts';
import { makeListing, makeUser } from '../support/factories.ts';

const m = common.apiErrors;

/** The ApiError a call rejects with through unwrap(). */
async function failure(answer: PromiseLike<{ data?: unknown; error: unknown }>): Promise<ApiError> {
  const err = await unwrap(answer).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('the error contract on real answers', () => {
  it('resolves a typed read with its rows', async () => {
    const u = await makeUser();
    const db = u.client as unknown as SupabaseClient<Database>;
    const row = await unwrap(db.from('profiles').select('id, push_enabled').eq('id', u.id).single());
    expect(row).toEqual({ id: u.id, push_enabled: expect.any(Boolean) });
  });

  it('an invalid boolean in a filter or an RPC argument answers 400 22P02 on both databases (PGlite answered 500)', async () => {
    const u = await makeUser();
    const filter = await client().from('listings').select('id').eq('is_paused', 'forse').limit(1);
    expect({ status: filter.status, code: filter.error?.code }).toEqual({ status: 400, code: '22P02' });
    expect(filter.error?.message).toBe('invalid input syntax for type boolean: "forse"');
    const rpc = await u.client.rpc('set_auto_renew', { p_listing_id: crypto.randomUUID(), p_on: 'forse' as unknown as boolean });
    expect({ status: rpc.status, code: rpc.error?.code }).toEqual({ status: 400, code: '22P02' });
    const date = await client().from('listings').select('id').gt('expires_at', 'domani').limit(1);
    expect({ status: date.status, code: date.error?.code }).toEqual({ status: 400, code: '22007' });
  });

  it("refused: keeps our SQL's Italian message and its detail code", async () => {
    const u = await makeUser();
    const err = await failure(u.client.rpc('apply_coupon', { p_code: 'NESSUNO-' + Date.now() }));
    expect(err).toMatchObject({ kind: 'refused', message: 'Codice coupon non valido.', code: 'coupon_not_found' });
  });

  it('refused: a second report of the same listing is a 23505 with the catalogue message', async () => {
    const [owner, reporter] = await Promise.all([makeUser(), makeUser()]);
    const listing = await makeListing(owner);
    const report = () => reporter.client.from('listing_reports').insert({ listing_id: listing.id, reporter_id: reporter.id, reason: 'spam', details: null });
    await unwrap(report());
    expect(await failure(report())).toMatchObject({ kind: 'refused', message: m.duplicate, code: '23505' });
  });

  it("refused: an edge function's 400 keeps its Italian `error`", async () => {
    const u = await makeUser();
    const err = await failure(u.client.functions.invoke('create-ticket', { body: { listingId: null, senderEmail: u.email, messageContent: 42 } }));
    expect(err).toMatchObject({ kind: 'refused', message: 'Il messaggio deve contenere almeno 20 caratteri.' });
  });

  it('refused: wrong credentials keep GoTrue\u2019s error_code for the form to explain', async () => {
    const u = await makeUser();
    const err = await failure(client().auth.signInWithPassword({ email: u.email, password: 'not-the-password' }));
    expect(err).toMatchObject({ kind: 'refused', code: 'invalid_credentials' });
  });

  it('not authenticated: an expired session answers 401 PGRST303', async () => {
    const token = await signJwt({ sub: crypto.randomUUID(), role: 'authenticated' }, -60);
    const err = await failure(tokenClient(token).from('profiles').select('id').limit(1));
    expect(err).toMatchObject({ kind: 'unauthenticated', message: m.unauthenticated });
  });

  it('refused: Storage refuses a write outside the own folder', async () => {
    const u = await makeUser();
    const err = await failure(u.client.storage.from('listing_photos').upload(`${crypto.randomUUID()}/x/a.jpg`, new Uint8Array([1]), { contentType: 'image/jpeg' }));
    expect(err.kind).toBe('refused');
  });

  it('offline: a server that cannot be reached, through every client', async () => {
    const down = createClient('http://127.0.0.1:9', platformInfo().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
    });
    expect((await failure(down.from('listings').select('id'))).kind).toBe('offline');
    expect((await failure(down.auth.signInWithPassword({ email: 'a@b.it', password: 'password-1' }))).kind).toBe('offline');
    expect((await failure(down.functions.invoke('create-ticket', { body: {} }))).kind).toBe('offline');
    expect(await toApiError(await fetch('http://127.0.0.1:9').catch((e: unknown) => e))).toMatchObject({ kind: 'offline', message: m.offline });
  });
});
