import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { client, platformInfo, serviceClient } from '../../support/clients.ts';
import { signJwt, tokenClient, tokenUser } from '../../support/tokens.ts';

const storageUrl = () => `${platformInfo().url}/storage/v1`;
const onDisk = (bucket: string, path: string) => join(platformInfo().dataDir, 'storage', bucket, ...path.split('/'));

describe('storage objects: upload and download', () => {
  it('uploads a Blob as multipart: mimetype from the part, cacheControl from the form', async () => {
    const { id, client: c } = await tokenUser();
    const path = `${id}/photo.png`;
    const up = await c.storage
      .from('avatars')
      .upload(path, new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), { cacheControl: '120', contentType: 'text/plain' });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path, fullPath: `avatars/${path}` });
    expect(up.data!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(existsSync(onDisk('avatars', path))).toBe(true);

    const down = await c.storage.from('avatars').download(path);
    expect(down.error).toBeNull();
    expect(down.data!.type).toBe('image/png');
    expect([...new Uint8Array(await down.data!.arrayBuffer())]).toEqual([137, 80, 78, 71]);

    const { publicUrl } = c.storage.from('avatars').getPublicUrl(path).data;
    const res = await fetch(publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('max-age=120');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.headers.get('content-disposition')).toBeNull();
    const again = await fetch(publicUrl, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);

    const asDownload = await fetch(c.storage.from('avatars').getPublicUrl(path, { download: true }).data.publicUrl);
    expect(asDownload.headers.get('content-disposition')).toMatch(/^attachment; filename="photo.png"/);
    const named = await fetch(c.storage.from('avatars').getPublicUrl(path, { download: 'mine.png' }).data.publicUrl);
    expect(named.headers.get('content-disposition')).toMatch(/^attachment; filename="mine.png"/);
  });

  it('uploads a Buffer as a raw body: content-type and cache-control headers', async () => {
    const { id, client: c } = await tokenUser();
    const path = `${id}/data file.json`;
    const up = await c.storage.from('avatars').upload(path, Buffer.from('{"a":1}'), { contentType: 'application/json', cacheControl: '30' });
    expect(up.error).toBeNull();
    const res = await fetch(c.storage.from('avatars').getPublicUrl(path).data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('cache-control')).toBe('max-age=30');
    expect(await res.json()).toEqual({ a: 1 });

    const info = await c.storage.from('avatars').info(path);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ name: path, bucketId: 'avatars', size: 7, contentType: 'application/json', cacheControl: 'max-age=30' });
    expect((await c.storage.from('avatars').exists(path)).data).toBe(true);
    expect((await c.storage.from('avatars').exists(`${id}/nope`)).data).toBe(false);
  });

  it('serves a cacheControl of more than seconds as Supabase does: `max-age=` and the option, multipart or raw', async () => {
    // The renditions' option (issue 44): storage-js sends it as is in a form, behind `max-age=` in a raw body's header.
    const { id, client: c } = await tokenUser();
    const bodies = { form: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' }), raw: new Uint8Array([1, 2, 3]) };
    for (const [kind, body] of Object.entries(bodies)) {
      const path = `${id}/${kind}.webp`;
      expect((await c.storage.from('avatars').upload(path, body, { cacheControl: '31536000, public, immutable', contentType: 'image/webp' })).error).toBeNull();
      const res = await fetch(c.storage.from('avatars').getPublicUrl(path).data.publicUrl);
      expect({ kind, cacheControl: res.headers.get('cache-control') }).toEqual({ kind, cacheControl: 'max-age=31536000, public, immutable' });
    }
  });

  it('refuses an existing path without upsert, replaces it with upsert and with update()', async () => {
    const { id, client: c } = await tokenUser();
    const path = `${id}/note.txt`;
    const bucket = c.storage.from('private');
    expect((await bucket.upload(path, 'one')).error).toBeNull();
    const dup = await bucket.upload(path, 'two');
    expect(dup.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect(await (await bucket.download(path)).data!.text()).toBe('one');

    const up = await bucket.upload(path, 'three', { upsert: true });
    expect(up.error).toBeNull();
    expect(await (await bucket.download(path)).data!.text()).toBe('three');

    const upd = await bucket.update(path, 'four', { contentType: 'text/markdown' });
    expect(upd.error).toBeNull();
    const d = await bucket.download(path);
    expect(await d.data!.text()).toBe('four');
    expect(d.data!.type).toBe('text/markdown');
  });

  it('needs only an insert policy to upload, but insert+select+update to upsert', async () => {
    const { id, client: c } = await tokenUser();
    const path = `${id}/drop.txt`;
    const first = await c.storage.from('dropbox').upload(path, 'first');
    expect(first.error).toBeNull();
    const upsert = await c.storage.from('dropbox').upload(path, 'second', { upsert: true });
    expect(upsert.error).toMatchObject({ statusCode: '403' });
    const stored = await serviceClient().storage.from('dropbox').download(path);
    expect(await stored.data!.text()).toBe('first');
  });

  it("refuses an upload into another user's folder (RLS) and writes nothing to disk", async () => {
    const alice = await tokenUser();
    const bob = await tokenUser();
    const path = `${alice.id}/intruder.txt`;
    const r = await bob.client.storage.from('avatars').upload(path, 'x');
    expect(r.data).toBeNull();
    expect(r.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    expect(existsSync(onDisk('avatars', path))).toBe(false);
    expect(existsSync(join(platformInfo().dataDir, 'storage', 'avatars', alice.id))).toBe(false);
    const anon = await client().storage.from('avatars').upload(`${alice.id}/anon.txt`, 'x');
    expect(anon.error).toMatchObject({ statusCode: '403' });
  });

  it("does not let another user read a private object, nor anyone through a public URL", async () => {
    const alice = await tokenUser();
    const bob = await tokenUser();
    const path = `${alice.id}/secret.txt`;
    expect((await alice.client.storage.from('private').upload(path, 'secret')).error).toBeNull();
    expect(await (await alice.client.storage.from('private').download(path)).data!.text()).toBe('secret');

    const stolen = await bob.client.storage.from('private').download(path);
    expect(stolen.data).toBeNull();
    expect(stolen.error).toBeTruthy();
    const signed = await bob.client.storage.from('private').createSignedUrl(path, 60);
    expect(signed.error).toMatchObject({ statusCode: '404' });
    const listed = await bob.client.storage.from('private').list(alice.id);
    expect(listed.data).toEqual([]);

    const pub = await fetch(bob.client.storage.from('private').getPublicUrl(path).data.publicUrl);
    expect(pub.status).toBe(400);
    expect(await pub.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
    const direct = await fetch(`${storageUrl()}/object/private/${path}`, { headers: { apikey: platformInfo().anonKey } });
    expect(direct.status).toBe(400);
    expect(await direct.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
  });
});

describe('storage objects: list, remove, move, copy', () => {
  it('lists direct children with folders first, prefix, limit, offset, sortBy and search', async () => {
    const { id, client: c } = await tokenUser();
    const b = c.storage.from('avatars');
    for (const name of ['b.txt', 'a.txt', 'c.txt', 'sub/x.txt', 'sub/deeper/y.txt', 'other/z.txt']) {
      expect((await b.upload(`${id}/${name}`, name)).error).toBeNull();
    }
    const all = await b.list(id);
    expect(all.error).toBeNull();
    expect(all.data!.map((f) => f.name)).toEqual(['other', 'sub', 'a.txt', 'b.txt', 'c.txt']);
    expect(all.data![0]).toMatchObject({ id: null, metadata: null, created_at: null });
    expect(all.data![2]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(all.data![2]!.metadata).toMatchObject({ size: 5, mimetype: 'text/plain;charset=UTF-8', cacheControl: 'max-age=3600' });

    const desc = await b.list(id, { sortBy: { column: 'name', order: 'desc' } });
    expect(desc.data!.map((f) => f.name)).toEqual(['sub', 'other', 'c.txt', 'b.txt', 'a.txt']);
    const page = await b.list(id, { limit: 2, offset: 2 });
    expect(page.data!.map((f) => f.name)).toEqual(['a.txt', 'b.txt']);
    const search = await b.list(id, { search: 'b' });
    expect(search.data!.map((f) => f.name)).toEqual(['b.txt']);
    const sub = await b.list(`${id}/sub`);
    expect(sub.data!.map((f) => f.name)).toEqual(['deeper', 'x.txt']);
    const byCreated = await b.list(id, { sortBy: { column: 'created_at', order: 'asc' } });
    expect(byCreated.data!.slice(2).map((f) => f.name)).toEqual(['b.txt', 'a.txt', 'c.txt']);
  });

  it('removes many objects, returning the deleted ones and deleting their bytes', async () => {
    const { id, client: c } = await tokenUser();
    const b = c.storage.from('avatars');
    for (const name of ['1.txt', '2.txt', 'keep.txt']) await b.upload(`${id}/${name}`, name);
    const r = await b.remove([`${id}/1.txt`, `${id}/2.txt`, `${id}/missing.txt`]);
    expect(r.error).toBeNull();
    expect(r.data!.map((o) => o.name).sort()).toEqual([`${id}/1.txt`, `${id}/2.txt`]);
    expect(r.data![0]).toMatchObject({ bucket_id: 'avatars' });
    expect(existsSync(onDisk('avatars', `${id}/1.txt`))).toBe(false);
    expect(existsSync(onDisk('avatars', `${id}/keep.txt`))).toBe(true);
    expect((await b.list(id)).data!.map((f) => f.name)).toEqual(['keep.txt']);

    const other = await tokenUser();
    const notMine = await other.client.storage.from('avatars').remove([`${id}/keep.txt`]);
    expect(notMine.data).toEqual([]);
    expect(existsSync(onDisk('avatars', `${id}/keep.txt`))).toBe(true);
  });

  it('moves and copies objects', async () => {
    const { id, client: c } = await tokenUser();
    const b = c.storage.from('avatars');
    await b.upload(`${id}/from.txt`, 'moved', { contentType: 'text/csv' });
    const mv = await b.move(`${id}/from.txt`, `${id}/dir/to.txt`);
    expect(mv.error).toBeNull();
    expect(mv.data).toMatchObject({ message: 'Successfully moved' });
    expect((await b.download(`${id}/from.txt`)).error).toBeTruthy();
    const moved = await b.download(`${id}/dir/to.txt`);
    expect(await moved.data!.text()).toBe('moved');
    expect(moved.data!.type).toBe('text/csv');
    expect(existsSync(onDisk('avatars', `${id}/from.txt`))).toBe(false);

    const cp = await b.copy(`${id}/dir/to.txt`, `${id}/copy.txt`);
    expect(cp.error).toBeNull();
    expect(cp.data).toEqual({ path: `avatars/${id}/copy.txt` });
    expect(await (await b.download(`${id}/copy.txt`)).data!.text()).toBe('moved');
    expect(await (await b.download(`${id}/dir/to.txt`)).data!.text()).toBe('moved');

    const dup = await b.copy(`${id}/dir/to.txt`, `${id}/copy.txt`);
    expect(dup.error).toMatchObject({ statusCode: '409' });
    const other = await tokenUser();
    const steal = await other.client.storage.from('avatars').move(`${id}/copy.txt`, `${other.id}/stolen.txt`);
    expect(steal.error).toBeTruthy();
    expect(await (await b.download(`${id}/copy.txt`)).data!.text()).toBe('moved');
  });
});

describe('storage objects: signed URLs', () => {
  it('signs a URL that works without credentials until it expires', async () => {
    const { id, client: c } = await tokenUser();
    const path = `${id}/signed file.txt`;
    await c.storage.from('private').upload(path, 'signed!', { contentType: 'text/plain' });
    // 3 s: long enough for the first fetch on a busy machine, short enough to see it expire.
    const s = await c.storage.from('private').createSignedUrl(path, 3);
    expect(s.error).toBeNull();
    expect(s.data!.signedUrl).toMatch(new RegExp(`^${storageUrl()}/object/sign/private/${id}/signed%20file.txt\\?token=`));
    const ok = await fetch(s.data!.signedUrl);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('signed!');
    expect(ok.headers.get('content-type')).toBe('text/plain');

    const dl = await c.storage.from('private').createSignedUrl(path, 60, { download: 'x.txt' });
    expect((await fetch(dl.data!.signedUrl)).headers.get('content-disposition')).toMatch(/^attachment; filename="x.txt"/);

    // A token for one path does not open another (the 60 s token: the 3 s one may be over by now on a busy machine).
    const token = new URL(dl.data!.signedUrl).searchParams.get('token')!;
    await c.storage.from('private').upload(`${id}/other.txt`, 'other');
    const wrong = await fetch(`${storageUrl()}/object/sign/private/${id}/other.txt?token=${token}`);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'InvalidSignature' });

    await new Promise((r) => setTimeout(r, 3100));
    const expired = await fetch(s.data!.signedUrl);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ message: 'jwt expired' });
  });

  it('signs many URLs at once, with an error for missing paths', async () => {
    const { id, client: c } = await tokenUser();
    await c.storage.from('private').upload(`${id}/1.txt`, 'one');
    const r = await c.storage.from('private').createSignedUrls([`${id}/1.txt`, `${id}/missing.txt`], 60);
    expect(r.error).toBeNull();
    expect(r.data![0]).toMatchObject({ path: `${id}/1.txt`, error: null });
    expect(await (await fetch(r.data![0]!.signedUrl!)).text()).toBe('one');
    expect(r.data![1]).toMatchObject({ path: `${id}/missing.txt`, signedURL: null, error: expect.any(String) });
  });

  it('refuses a forged signed-URL token', async () => {
    const { id, client: c } = await tokenUser();
    await c.storage.from('private').upload(`${id}/f.txt`, 'f');
    const forged = await signJwt({ url: `private/${id}/f.txt` }, '1h', 'not-the-platform-secret-0123456789abcdef');
    const res = await fetch(`${storageUrl()}/object/sign/private/${id}/f.txt?token=${forged}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '403', code: 'InvalidJWT' });
  });
});

describe('storage objects: limits and refusals', () => {
  it('refuses path traversal and odd keys with 400 and never writes outside the root', async () => {
    const { id, token } = await tokenUser();
    const headers = { authorization: `Bearer ${token}`, apikey: platformInfo().anonKey, 'content-type': 'text/plain' };
    const bad = [`${id}/..%2F..%2F..%2Fescape.txt`, `${id}/%2E%2E%2Fescape.txt`, `${id}/a%5C..%5Cescape.txt`, `${id}/nul%00.txt`, `%2Fetc%2Fescape.txt`, `${id}//double.txt`];
    for (const p of bad) {
      const res = await fetch(`${storageUrl()}/object/avatars/${p}`, { method: 'POST', headers, body: 'evil' });
      expect(res.status, p).toBe(400);
      expect((await res.json()).statusCode, p).toBe('400');
    }
    const root = platformInfo().dataDir;
    expect(existsSync(join(root, 'escape.txt'))).toBe(false);
    expect(existsSync(join(root, 'storage', 'escape.txt'))).toBe(false);
    expect(existsSync(join(root, 'storage', 'avatars', 'escape.txt'))).toBe(false);
    expect(readdirSync(root).filter((f) => f.includes('escape'))).toEqual([]);
    const read = await fetch(`${storageUrl()}/object/public/avatars/..%2F..%2Fjwt-secret`);
    expect(read.status).toBe(400);
  });

  it('enforces the bucket size limit (413) and allowed mime types (415)', async () => {
    const { id, client: c } = await tokenUser();
    const big = new Uint8Array(2000);
    const raw = await c.storage.from('limited').upload(`${id}/big.png`, Buffer.from(big), { contentType: 'image/png' });
    expect(raw.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const multi = await c.storage.from('limited').upload(`${id}/big2.png`, new Blob([big], { type: 'image/png' }));
    expect(multi.error).toMatchObject({ statusCode: '413' });
    expect(existsSync(onDisk('limited', `${id}/big.png`))).toBe(false);

    const small = await c.storage.from('limited').upload(`${id}/ok.png`, new Blob([new Uint8Array(100)], { type: 'image/png' }));
    expect(small.error).toBeNull();
    const pdf = await c.storage.from('limited').upload(`${id}/ok.pdf`, Buffer.from('%PDF'), { contentType: 'application/pdf' });
    expect(pdf.error).toBeNull();
    const text = await c.storage.from('limited').upload(`${id}/no.txt`, 'text');
    expect(text.error).toMatchObject({ statusCode: '415', message: 'mime type text/plain;charset=UTF-8 is not supported' });
  });

  it('answers Bucket not found for a wrong bucket', async () => {
    const { id, client: c } = await tokenUser();
    const up = await c.storage.from('no-such-bucket').upload(`${id}/x.txt`, 'x');
    expect(up.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    const list = await c.storage.from('no-such-bucket').list();
    expect(list.error).toMatchObject({ statusCode: '404' });
    const res = await fetch(`${storageUrl()}/object/public/no-such-bucket/x.txt`);
    expect(await res.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
  });

  it('refuses forged and expired JWTs', async () => {
    const id = crypto.randomUUID();
    const forged = tokenClient(await signJwt({ sub: id, role: 'authenticated' }, '1h', 'another-secret-another-secret-123456'));
    const r1 = await forged.storage.from('avatars').upload(`${id}/x.txt`, 'x');
    expect(r1.error).toMatchObject({ statusCode: '403', message: 'invalid signature' });
    const expired = tokenClient(await signJwt({ sub: id, role: 'authenticated' }, -10));
    const r2 = await expired.storage.from('avatars').list(id);
    expect(r2.error).toMatchObject({ statusCode: '403', message: 'jwt expired' });
    expect(existsSync(onDisk('avatars', `${id}/x.txt`))).toBe(false);
  });
});

describe('storage objects: signed uploads and image transformation', () => {
  it('creates a signed upload URL as the caller and uploads through it without other credentials', async () => {
    const { id, client: c } = await tokenUser();
    const path = `${id}/via-token.txt`;
    const signed = await c.storage.from('private').createSignedUploadUrl(path);
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl).toContain(`/storage/v1/object/upload/sign/private/${path}?token=`);
    const up = await client().storage.from('private').uploadToSignedUrl(path, signed.data!.token, Buffer.from('hello'), { contentType: 'text/plain' });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path, fullPath: `private/${path}` });
    expect(await (await c.storage.from('private').download(path)).data!.text()).toBe('hello');
    const again = await client().storage.from('private').uploadToSignedUrl(path, signed.data!.token, Buffer.from('again'));
    expect(again.error).toMatchObject({ statusCode: '409' });

    // Not for someone else's folder, and an upload token is no download token.
    const other = await tokenUser();
    const refused = await other.client.storage.from('private').createSignedUploadUrl(`${id}/x.txt`);
    expect(refused.error).toMatchObject({ statusCode: '403' });
    const asDownload = await fetch(`${storageUrl()}/object/sign/private/${path}?token=${signed.data!.token}`);
    expect(asDownload.status).toBe(400);
  });

  it('resizes images on /render/image (public, authenticated download and signed URLs)', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#336699' } }).png().toBuffer();
    const { id, client: c } = await tokenUser();
    const path = `${id}/big.png`;
    expect((await c.storage.from('avatars').upload(path, new Blob([new Uint8Array(png)], { type: 'image/png' }))).error).toBeNull();
    const size = async (res: Response) => sharp(Buffer.from(await res.arrayBuffer())).metadata();

    const url = c.storage.from('avatars').getPublicUrl(path, { transform: { width: 100, height: 100, resize: 'contain' } }).data.publicUrl;
    expect(url).toContain('/render/image/public/');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(await size(res)).toMatchObject({ width: 100, height: 50, format: 'png' });

    const dl = await c.storage.from('avatars').download(path, { transform: { width: 40, height: 40 } });
    expect(dl.error).toBeNull();
    expect(await sharp(Buffer.from(await dl.data!.arrayBuffer())).metadata()).toMatchObject({ width: 40, height: 40 });

    const signed = await c.storage.from('avatars').createSignedUrl(path, 60, { transform: { width: 50, height: 200, resize: 'fill' } });
    expect(signed.data!.signedUrl).toContain('/render/image/sign/');
    expect(await size(await fetch(signed.data!.signedUrl))).toMatchObject({ width: 50, height: 200 });

    const original = await fetch(c.storage.from('avatars').getPublicUrl(path).data.publicUrl);
    expect(await size(original)).toMatchObject({ width: 400, height: 200 });
  });

  it('answers a browser that accepts WebP with WebP, unless format=origin, as Supabase does', async () => {
    const sharp = (await import('sharp')).default;
    const jpeg = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#aa3366' } }).jpeg({ quality: 95 }).toBuffer();
    const { id, client: c } = await tokenUser();
    const path = `${id}/photo.jpg`;
    expect((await c.storage.from('avatars').upload(path, new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }))).error).toBeNull();
    const bucket = c.storage.from('avatars');
    const browser = { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' };

    const url = bucket.getPublicUrl(path, { transform: { width: 360, quality: 70 } }).data.publicUrl;
    const webp = await fetch(url, { headers: browser });
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('vary')).toBe('Accept');
    const body = Buffer.from(await webp.arrayBuffer());
    expect(await sharp(body).metadata()).toMatchObject({ format: 'webp', width: 360, height: 450 });
    expect(body.byteLength).toBeLessThan(jpeg.byteLength);

    // The same rendition again: the same validator, and a revalidation answers 304.
    const again = await fetch(url, { headers: browser });
    expect(again.headers.get('etag')).toBe(webp.headers.get('etag'));
    await again.arrayBuffer();
    const revalidated = await fetch(url, { headers: { ...browser, 'if-none-match': webp.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);

    const origin = await fetch(bucket.getPublicUrl(path, { transform: { width: 360, format: 'origin' } }).data.publicUrl, { headers: browser });
    expect(origin.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await origin.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 360 });

    const bad = await fetch(`${url}&format=gif`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: expect.any(String), message: expect.stringContaining('format') });
  });
});
