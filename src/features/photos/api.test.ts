import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/apiError.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '@/lib/env.ts';

/** A stand-in PostgREST query: records the calls, answers `result` for the table when awaited. */
const results = new Map<string, { data: unknown; error: unknown }>();
const calls: string[] = [];
function query(table: string) {
  const q = {
    then: (resolve: (v: unknown) => void) => resolve(results.get(table) ?? { data: null, error: null }),
  } as Record<string, unknown>;
  for (const method of ['select', 'eq', 'order', 'maybeSingle', 'single', 'delete', 'update']) {
    q[method] = (...args: unknown[]) => (calls.push(`${table}.${method}(${args.map((a) => JSON.stringify(a)).join(',')})`), q);
  }
  return q;
}
const db = vi.hoisted(() => ({
  supabase: {
    from: vi.fn(),
    rpc: vi.fn(),
    storage: { from: vi.fn() },
    auth: { getSession: vi.fn() },
  },
}));
vi.mock('@/lib/supabase.ts', () => db);
// The encoder runs in a Worker with wasm and OffscreenCanvas, none of which jsdom has (the e2e suite runs it).
const avif = vi.hoisted(() => ({ encodeAvifRenditions: vi.fn() }));
vi.mock('./avif.ts', () => avif);
const { deleteAllPhotos, deletePhoto, downloadSource, recropPhoto, sendAvifRenditions, uploadDraftPhotos, uploadVerificationSelfie } = await import('./api.ts');
const { readBytes } = await import('./image.ts');

/** A stand-in XMLHttpRequest: each request waits for the test to answer it. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  static answer: (xhr: FakeXhr) => void = (xhr) => xhr.respond(201, { photo: { id: 'p' } });
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    queueMicrotask(() => FakeXhr.answer(this));
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const jpeg = (text: string) => new Blob([text], { type: 'image/jpeg' });
const draft = (id: string) => ({ id, cropped: jpeg(`crop-${id}`), original: jpeg(`original-${id}`) });
const photo = { id: 'p1', url: 'http://x/storage/v1/object/public/listing_photos/u/l/c.jpg', is_primary: true, created_at: '2026-11-20T10:00:00Z' };
const fileOf = (form: FormData | null, field: string) => form?.get(field) as File | null;
/** A sent part's text (jsdom's File has no text()). */
const textOf = async (form: FormData | null, field: string) => new TextDecoder().decode(await readBytes(fileOf(form, field)!));

beforeEach(() => {
  results.clear();
  calls.length = 0;
  FakeXhr.sent = [];
  FakeXhr.answer = (xhr) => xhr.respond(201, { photo: { id: 'p' } });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  db.supabase.from.mockReset().mockImplementation(query);
  db.supabase.rpc.mockReset().mockResolvedValue({ data: null, error: null });
  db.supabase.storage.from.mockReset();
  db.supabase.auth.getSession.mockReset().mockResolvedValue({ data: { session: { access_token: 'tok' } } });
  avif.encodeAvifRenditions.mockReset().mockRejectedValue(new Error('no Worker here'));
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadDraftPhotos', () => {
  it('posts each photo to listing-photo as multipart, with the session and the anon key, in order', async () => {
    await uploadDraftPhotos({ listingId: 'l1', photos: [draft('a'), draft('b')] });
    expect(FakeXhr.sent).toHaveLength(2);
    const [first] = FakeXhr.sent;
    expect([first!.method, first!.url]).toEqual(['POST', `${SUPABASE_URL}/functions/v1/listing-photo`]);
    expect(first!.headers).toEqual({ authorization: 'Bearer tok', apikey: SUPABASE_ANON_KEY });
    expect(first!.body?.get('listingId')).toBe('l1');
    expect(first!.body?.get('photoId')).toBeNull();
    expect(await textOf(first!.body, 'photo')).toBe('crop-a');
    expect(await textOf(first!.body, 'original')).toBe('original-a');
    expect(await textOf(FakeXhr.sent[1]!.body, 'photo')).toBe('crop-b');
  });

  it("reads the function's answer: a match that held the listing is 'duplicate' (issue 40)", async () => {
    FakeXhr.answer = (xhr) => xhr.respond(201, { photo: { id: 'p' }, review_status: 'approved', distance: null });
    expect(await uploadDraftPhotos({ listingId: 'l1', photos: [draft('a')] })).toBe('ok');
    let n = 0;
    FakeXhr.answer = (xhr) => xhr.respond(201, n++ === 0 ? { photo: { id: 'p' }, review_status: 'approved', distance: null } : { photo: { id: 'q' }, review_status: 'pending', distance: 2 });
    expect(await uploadDraftPhotos({ listingId: 'l1', photos: [draft('a'), draft('b')] })).toBe('duplicate');
    FakeXhr.answer = (xhr) => xhr.respond(201, 'not json');
    expect(await uploadDraftPhotos({ listingId: 'l1', photos: [draft('a')] })).toBe('ok');
  });

  it("never sends the chosen file's name (it can carry a real name)", async () => {
    await uploadDraftPhotos({ listingId: 'l1', photos: [{ ...draft('a'), original: new File(['o'], 'Mario Rossi a casa.jpg', { type: 'image/jpeg' }) }] });
    const form = FakeXhr.sent[0]!.body;
    expect([fileOf(form, 'photo')?.name, fileOf(form, 'original')?.name]).toEqual(['foto.jpg', 'originale']);
  });

  it('reports each photo by the bytes sent, and 1 only once the function has saved it', async () => {
    const seen: [string, number][] = [];
    FakeXhr.answer = (xhr) => {
      xhr.progress(50, 100);
      xhr.progress(100, 100);
      xhr.respond(201, { photo: { id: 'p' } });
    };
    await uploadDraftPhotos({ listingId: 'l1', photos: [draft('a')], onProgress: (id, f) => seen.push([id, f]) });
    expect(seen).toEqual([
      ['a', 0],
      ['a', 0.475],
      ['a', 0.95],
      ['a', 1],
    ]);
  });

  it("stops at a refusal with the function's Italian message; the photos saved before stay saved", async () => {
    const message = 'Puoi caricare al massimo 5 foto per annuncio.';
    FakeXhr.answer = (xhr) => (FakeXhr.sent.length === 1 ? xhr.respond(201, { photo: {} }) : xhr.respond(400, { error: message }));
    const done: string[] = [];
    const upload = uploadDraftPhotos({ listingId: 'l1', photos: [draft('a'), draft('b'), draft('c')], onProgress: (id, f) => f === 1 && done.push(id) });
    await expect(upload).rejects.toEqual(new ApiError('refused', message, '400'));
    expect(done).toEqual(['a']);
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it('maps the answers: 401 to unauthenticated, 413 and 403 refused with their message, 500 unexpected, no answer offline', async () => {
    const answer = async (status: number, body: unknown) => {
      FakeXhr.answer = (xhr) => (status === 0 ? xhr.onerror?.() : xhr.respond(status, body));
      return uploadDraftPhotos({ listingId: 'l1', photos: [draft('a')] }).catch((e: unknown) => e);
    };
    expect(await answer(401, { error: 'Devi accedere per caricare foto.' })).toMatchObject({ kind: 'unauthenticated', message: 'Devi accedere per caricare foto.' });
    expect(await answer(413, { error: 'La foto supera i 10 MB.' })).toMatchObject({ kind: 'refused', message: 'La foto supera i 10 MB.' });
    expect(await answer(403, { error: 'Puoi caricare foto solo nei tuoi annunci.' })).toMatchObject({ kind: 'refused', message: 'Puoi caricare foto solo nei tuoi annunci.' });
    expect(await answer(500, 'boom')).toMatchObject({ kind: 'unexpected' });
    expect(await answer(0, '')).toMatchObject({ kind: 'offline' });
  });

  it('asks to sign in, sending nothing, without a session', async () => {
    db.supabase.auth.getSession.mockResolvedValue({ data: { session: null } });
    await expect(uploadDraftPhotos({ listingId: 'l1', photos: [draft('a')] })).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(FakeXhr.sent).toHaveLength(0);
  });
});

describe('recropPhoto', () => {
  it('posts the listing, the photo and the new crop only', async () => {
    await recropPhoto({ listingId: 'l1', photoId: 'p1', cropped: jpeg('new') });
    const form = FakeXhr.sent[0]!.body!;
    expect([form.get('listingId'), form.get('photoId'), form.get('original')]).toEqual(['l1', 'p1', null]);
    expect(await textOf(form, 'photo')).toBe('new');
  });
});

describe('AVIF renditions (issue 44)', () => {
  const AVIF_URL = `${SUPABASE_URL}/functions/v1/photo-avif`;
  const avifFiles = () => [360, 540, 720].map((width) => ({ width, blob: new Blob([`avif-${width}`], { type: 'image/avif' }) }));
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
  const sentForm = (call = 0) => fetchMock.mock.calls[call]![1].body as FormData;
  const quiet = () => [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
  beforeEach(() => {
    fetchMock.mockReset().mockImplementation(() => Promise.resolve(Response.json({ avif: true })));
    vi.stubGlobal('fetch', fetchMock);
    avif.encodeAvifRenditions.mockImplementation(() => Promise.resolve(avifFiles()));
  });
  afterEach(() => vi.restoreAllMocks());

  it('posts the photo id and one image/avif file per width to photo-avif, with the session and the anon key', async () => {
    const crop = jpeg('crop');
    expect(await sendAvifRenditions('p1', crop)).toBe(true);
    expect(avif.encodeAvifRenditions).toHaveBeenCalledWith(crop);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init.method, init.headers]).toEqual([AVIF_URL, 'POST', { authorization: 'Bearer tok', apikey: SUPABASE_ANON_KEY }]);
    const form = sentForm();
    expect([...form.keys()]).toEqual(['photoId', 'avif-360', 'avif-540', 'avif-720']);
    expect(form.get('photoId')).toBe('p1');
    for (const width of [360, 540, 720]) {
      expect(fileOf(form, `avif-${width}`)?.type).toBe('image/avif');
      expect(await textOf(form, `avif-${width}`)).toBe(`avif-${width}`);
    }
  });

  it('fails quietly (false, nothing on the console) when the browser cannot encode, the function refuses, or the network fails', async () => {
    const spies = quiet();
    avif.encodeAvifRenditions.mockRejectedValueOnce(new Error('no OffscreenCanvas'));
    expect(await sendAvifRenditions('p1', jpeg('c'))).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    avif.encodeAvifRenditions.mockResolvedValueOnce([]);
    expect(await sendAvifRenditions('p1', jpeg('c'))).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(Response.json({ error: 'Le versioni AVIF non corrispondono alla foto.' }, { status: 422 }));
    expect(await sendAvifRenditions('p1', jpeg('c'))).toBe(false);
    fetchMock.mockResolvedValueOnce(new Response('boom', { status: 500 }));
    expect(await sendAvifRenditions('p1', jpeg('c'))).toBe(false);
    fetchMock.mockResolvedValueOnce(new Response('not json', { status: 200 }));
    expect(await sendAvifRenditions('p1', jpeg('c'))).toBe(false);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await sendAvifRenditions('p1', jpeg('c'))).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(4);

    db.supabase.auth.getSession.mockResolvedValue({ data: { session: null } });
    expect(await sendAvifRenditions('p1', jpeg('c'))).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it("follows each new photo's upload with its crop's AVIF files, under the id the function gave it", async () => {
    FakeXhr.answer = (xhr) => xhr.respond(201, { photo: { id: `p${FakeXhr.sent.length}` } });
    const photos = [draft('a'), draft('b')];
    await uploadDraftPhotos({ listingId: 'l1', photos });
    expect(avif.encodeAvifRenditions.mock.calls).toEqual([[photos[0]!.cropped], [photos[1]!.cropped]]);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect([sentForm(0).get('photoId'), sentForm(1).get('photoId')]).toEqual(['p1', 'p2']);
  });

  it('follows a re-crop with the new crop\'s AVIF files', async () => {
    FakeXhr.answer = (xhr) => xhr.respond(200, { photo: { id: 'p1' } });
    const cropped = jpeg('new');
    await recropPhoto({ listingId: 'l1', photoId: 'p1', cropped });
    expect(avif.encodeAvifRenditions).toHaveBeenCalledWith(cropped);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentForm().get('photoId')).toBe('p1');
  });

  it('never holds up or fails the upload: the photo is saved before its AVIF files exist, and stays saved without them', async () => {
    avif.encodeAvifRenditions.mockImplementation(() => new Promise(() => undefined));
    const seen: number[] = [];
    expect(await uploadDraftPhotos({ listingId: 'l1', photos: [draft('a')], onProgress: (_, f) => seen.push(f) })).toBe('ok');
    expect(seen.at(-1)).toBe(1);
    expect(await recropPhoto({ listingId: 'l1', photoId: 'p1', cropped: jpeg('new') })).toBe('ok');

    const spies = quiet();
    avif.encodeAvifRenditions.mockImplementation(() => Promise.resolve(avifFiles()));
    fetchMock.mockImplementation(() => Promise.resolve(Response.json({ error: 'no' }, { status: 422 })));
    expect(await uploadDraftPhotos({ listingId: 'l1', photos: [draft('b')] })).toBe('ok');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it('makes none for an answer without a photo id, nor for a verification selfie', async () => {
    FakeXhr.answer = (xhr) => xhr.respond(201, {});
    await uploadDraftPhotos({ listingId: 'l1', photos: [draft('a')] });
    await uploadVerificationSelfie({ verificationId: 'v1', file: jpeg('selfie') });
    expect(avif.encodeAvifRenditions).not.toHaveBeenCalled();
  });
});

describe('downloadSource', () => {
  const fetchMock = vi.fn();
  const signed = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset().mockResolvedValue(new Response('bytes', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    signed.mockReset().mockResolvedValue({ data: { signedUrl: 'http://x/storage/v1/object/sign/listing_originals/u/l/o.jpg?token=t' }, error: null });
    db.supabase.storage.from.mockReturnValue({ createSignedUrl: signed });
  });

  it('reads the original through a 60-second signed URL of the private bucket', async () => {
    results.set('listing_photo_originals', { data: { storage_path: 'u/l/o.jpg' }, error: null });
    expect(await (await downloadSource(photo)).text()).toBe('bytes');
    expect(calls).toContain('listing_photo_originals.eq("photo_id","p1")');
    expect(db.supabase.storage.from).toHaveBeenCalledWith('listing_originals');
    expect(signed).toHaveBeenCalledWith('u/l/o.jpg', 60);
    expect(fetchMock).toHaveBeenCalledWith('http://x/storage/v1/object/sign/listing_originals/u/l/o.jpg?token=t', { cache: 'no-store' });
  });

  it('falls back to the crop for a photo without an original', async () => {
    await downloadSource(photo);
    expect(signed).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledWith(photo.url, { cache: 'no-store' });
  });

  it('says the file is missing when Storage answers 404', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 404 }));
    await expect(downloadSource(photo)).rejects.toMatchObject({ kind: 'refused', code: '404' });
  });
});

describe('deleting', () => {
  it('deletes a photo by its row only (the database queues its files)', async () => {
    await deletePhoto('p1');
    expect(calls).toEqual(['listing_photos.delete()', 'listing_photos.eq("id","p1")']);
    expect(db.supabase.storage.from).not.toHaveBeenCalled();
  });

  it('deletes all rows of a Premium listing, then ends its promotion', async () => {
    results.set('listings', { data: { is_premium: true }, error: null });
    await deleteAllPhotos('l1');
    expect(calls.slice(0, 2)).toEqual(['listing_photos.delete()', 'listing_photos.eq("listing_id","l1")']);
    expect(db.supabase.rpc).toHaveBeenCalledWith('reset_listing_promotion', { p_listing_id: 'l1' });
    expect(db.supabase.storage.from).not.toHaveBeenCalled();
  });

  it('leaves a base listing as it is', async () => {
    results.set('listings', { data: { is_premium: false }, error: null });
    await deleteAllPhotos('l1');
    expect(db.supabase.rpc).not.toHaveBeenCalled();
  });
});
