import { AuthApiError, AuthRetryableFetchError, AuthSessionMissingError, FunctionsFetchError, FunctionsHttpError, PostgrestError, StorageApiError } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, toApiError, unwrap } from './apiError.ts';
import { common } from './catalogue/common.ts';

const m = common.apiErrors;
const pgError = (code: string, message: string, details: string | null = null) => new PostgrestError({ code, message, details: details ?? '', hint: '' });

afterEach(() => vi.restoreAllMocks());

describe('toApiError', () => {
  it('offline: a fetch TypeError, postgrest-js status 0, auth, functions and navigator.onLine false', async () => {
    expect((await toApiError(new TypeError('Failed to fetch'))).kind).toBe('offline');
    const pgrst = { message: 'TypeError: Failed to fetch', details: '', hint: '', code: '' };
    expect(await toApiError(pgrst, 0)).toMatchObject({ kind: 'offline', message: m.offline });
    expect((await toApiError(new AuthRetryableFetchError('Failed to fetch', 0))).kind).toBe('offline');
    expect((await toApiError(new FunctionsFetchError({}))).kind).toBe('offline');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect((await toApiError(pgError('P0001', 'Codice coupon non valido.', 'coupon_not_found'))).kind).toBe('offline');
  });

  it('not authenticated: an expired JWT, our SQL\'s not_authenticated, a missing session, a 401 function', async () => {
    expect(await toApiError(pgError('PGRST303', 'JWT expired'), 401)).toMatchObject({ kind: 'unauthenticated', message: m.unauthenticated });
    const sql = pgError('42501', 'Devi accedere per eseguire questa operazione.', 'not_authenticated');
    expect(await toApiError(sql, 403)).toMatchObject({ kind: 'unauthenticated', message: 'Devi accedere per eseguire questa operazione.' });
    expect((await toApiError(new AuthSessionMissingError())).kind).toBe('unauthenticated');
    const fn = new FunctionsHttpError(new Response(JSON.stringify({ error: 'Accedi per continuare.' }), { status: 401 }));
    expect(await toApiError(fn)).toMatchObject({ kind: 'unauthenticated', message: 'Accedi per continuare.' });
  });

  it('refused: keeps the Italian message our SQL and functions raise, with the machine code', async () => {
    const sql = pgError('P0001', 'Hai già utilizzato questo coupon.', 'coupon_used');
    expect(await toApiError(sql, 400)).toMatchObject({ kind: 'refused', message: 'Hai già utilizzato questo coupon.', code: 'coupon_used' });
    const banned = pgError('42501', 'Il tuo account è sospeso: non puoi eseguire questa operazione.', 'banned');
    expect(await toApiError(banned, 403)).toMatchObject({ kind: 'refused', code: 'banned' });
    const fn = new FunctionsHttpError(new Response(JSON.stringify({ error: 'Oggetto obbligatorio.' }), { status: 400 }));
    expect(await toApiError(fn)).toMatchObject({ kind: 'refused', message: 'Oggetto obbligatorio.' });
  });

  it('refused: Postgres\'s English messages become the catalogue\'s', async () => {
    expect(await toApiError(pgError('57014', 'canceling statement due to statement timeout'), 500)).toMatchObject({ kind: 'refused', message: m.timeout, code: '57014' });
    expect(await toApiError(pgError('23505', 'duplicate key value violates unique constraint "x"'), 409)).toMatchObject({ kind: 'refused', message: m.duplicate, code: '23505' });
    expect(await toApiError(pgError('42501', 'new row violates row-level security policy for table "x"'), 403)).toMatchObject({ kind: 'refused', message: m.forbidden });
    expect(await toApiError(pgError('PGRST116', 'Cannot coerce the result to a single JSON object'), 406)).toMatchObject({ kind: 'refused', message: m.notFound });
    expect(await toApiError(pgError('23514', 'new row for relation "x" violates check constraint'), 400)).toMatchObject({ kind: 'refused', message: m.invalid });
  });

  it('refused: a 429 from auth is a rate limit', async () => {
    const err = new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit');
    expect(await toApiError(err)).toMatchObject({ kind: 'refused', message: m.rateLimited, code: 'over_request_rate_limit' });
    expect((await toApiError(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).code).toBe('invalid_credentials');
  });

  it('storage: 403 is refused, 500 unexpected', async () => {
    expect((await toApiError(new StorageApiError('denied', 403, '403'))).kind).toBe('refused');
    expect((await toApiError(new StorageApiError('boom', 500, '500'))).kind).toBe('unexpected');
  });

  it('unexpected: anything else, with the generic message', async () => {
    expect(await toApiError(pgError('XX000', 'internal error'), 500)).toMatchObject({ kind: 'unexpected', message: m.unexpected });
    expect(await toApiError(new FunctionsHttpError(new Response('oops', { status: 502 })))).toMatchObject({ kind: 'unexpected' });
    expect((await toApiError('boom')).kind).toBe('unexpected');
  });
});

describe('unwrap', () => {
  it('resolves with the data of a success', async () => {
    await expect(unwrap(Promise.resolve({ data: [1, 2], error: null }))).resolves.toEqual([1, 2]);
  });

  it('rejects with an ApiError, using the status beside the error and mapping thrown errors', async () => {
    const failed = unwrap(Promise.resolve({ data: null, error: { message: 'TypeError: Failed to fetch', code: '' }, status: 0 }));
    await expect(failed).rejects.toMatchObject({ kind: 'offline' });
    await expect(unwrap(Promise.reject(new TypeError('Load failed')))).rejects.toBeInstanceOf(ApiError);
  });
});
