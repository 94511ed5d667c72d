import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformInfo, serviceClient } from '../../support/clients.ts';
import { tokenUser } from '../../support/tokens.ts';

/** What every object answer is served with: the type of its bytes, never sniffed by the browser. */
const storageUrl = () => `${platformInfo().url}/storage/v1`;
const T = `serving-${Date.now().toString(36)}`;
const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>';

let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a36' } }).jpeg().toBuffer();
});

async function upload(path: string, bytes: Buffer | string, contentType: string) {
  const up = await serviceClient().storage.from('avatars').upload(path, bytes, { contentType });
  expect(up.error).toBeNull();
  return serviceClient().storage.from('avatars');
}

describe('storage object answers', () => {
  it('carry X-Content-Type-Options: nosniff: public, authenticated, signed and rendered', async () => {
    const { id, token, client: c } = await tokenUser();
    const path = `${id}/photo.jpg`;
    expect((await c.storage.from('avatars').upload(path, jpeg, { contentType: 'image/jpeg' })).error).toBeNull();
    const bucket = c.storage.from('avatars');
    const signed = await bucket.createSignedUrl(path, 60);
    const signedRender = await bucket.createSignedUrl(path, 60, { transform: { width: 50 } });
    const answers = {
      public: await fetch(bucket.getPublicUrl(path).data.publicUrl),
      authenticated: await fetch(`${storageUrl()}/object/authenticated/avatars/${path}`, {
        headers: { authorization: `Bearer ${token}`, apikey: platformInfo().anonKey },
      }),
      signed: await fetch(signed.data!.signedUrl),
      render: await fetch(bucket.getPublicUrl(path, { transform: { width: 100 } }).data.publicUrl),
      signedRender: await fetch(signedRender.data!.signedUrl),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.status, name).toBe(200);
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(res.headers.get('content-type'), name).toBe('image/jpeg');
    }
  });

  it('serves HTML or SVG bytes stored as image/jpeg as application/octet-stream, rendered or not', async () => {
    for (const [name, body] of [['page.jpg', HTML], ['drawing.jpg', SVG]] as const) {
      const bucket = await upload(`${T}/${name}`, body, 'image/jpeg');
      for (const url of [bucket.getPublicUrl(`${T}/${name}`).data.publicUrl, bucket.getPublicUrl(`${T}/${name}`, { transform: { width: 100 } }).data.publicUrl]) {
        const res = await fetch(url);
        expect(res.status, url).toBe(200);
        expect(res.headers.get('content-type'), url).toBe('application/octet-stream');
        expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
        expect(await res.text(), url).toBe(body);
      }
    }
  });

  it('keeps the stored type of what is no image label', async () => {
    const bucket = await upload(`${T}/note.txt`, HTML, 'text/plain');
    const res = await fetch(bucket.getPublicUrl(`${T}/note.txt`).data.publicUrl);
    expect(res.headers.get('content-type')).toBe('text/plain');
  });

  it('keeps a ?download name only when its extension fits the bytes, else the object name', async () => {
    const bucket = await upload(`${T}/a1b2.jpg`, jpeg, 'image/jpeg');
    const disposition = async (download: string) =>
      (await fetch(bucket.getPublicUrl(`${T}/a1b2.jpg`, { download }).data.publicUrl)).headers.get('content-disposition');
    expect(await disposition('foto.jpg')).toMatch(/^attachment; filename="foto.jpg"/);
    expect(await disposition('fattura.exe')).toMatch(/^attachment; filename="a1b2.jpg"/);
    expect(await disposition('pagina.html')).toMatch(/^attachment; filename="a1b2.jpg"/);
  });
});
