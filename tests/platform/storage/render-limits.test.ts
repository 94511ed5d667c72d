import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { serviceClient } from '../../support/clients.ts';

/** What /render/image does with sources too large to decode, and with many renders at once. */
const T = `render-limits-${Date.now().toString(36)}`;
const avatars = () => serviceClient().storage.from('avatars');

async function upload(path: string, bytes: Buffer, contentType: string) {
  const up = await avatars().upload(path, bytes, { contentType });
  expect(up.error).toBeNull();
}

describe('storage render limits', () => {
  it('refuses a 144 MP source quickly with a storage error, and still serves it untransformed', async () => {
    // 12000 x 12000 white pixels: a few hundred KB on disk, 432 MB once decoded.
    const png = await sharp({ create: { width: 12000, height: 12000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    const path = `${T}/huge.png`;
    await upload(path, png, 'image/png');
    const url = avatars().getPublicUrl(path, { transform: { width: 100 } }).data.publicUrl;

    for (const attempt of ['first', 'repeated']) {
      const started = performance.now();
      const res = await fetch(url);
      const body: unknown = await res.json();
      expect(performance.now() - started, attempt).toBeLessThan(1000);
      expect(res.status, attempt).toBe(400);
      expect(body, attempt).toEqual({
        statusCode: '422',
        code: 'InvalidRequest',
        error: 'ImageProcessingError',
        message: 'Source image resolution is too big',
      });
    }

    const original = await fetch(avatars().getPublicUrl(path).data.publicUrl);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await original.arrayBuffer()).equals(png)).toBe(true);
  });

  it('answers 8 renders of distinct widths asked at once, each at its width', async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 1500, channels: 3, background: '#36a' } }).jpeg().toBuffer();
    const path = `${T}/parallel.jpg`;
    await upload(path, jpeg, 'image/jpeg');
    const widths = [101, 202, 303, 404, 505, 606, 707, 808];
    const answers = await Promise.all(
      widths.map(async (width) => {
        const res = await fetch(avatars().getPublicUrl(path, { transform: { width } }).data.publicUrl);
        return { status: res.status, meta: await sharp(Buffer.from(await res.arrayBuffer())).metadata() };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(widths.map(() => 200));
    expect(answers.map((a) => a.meta.width)).toEqual(widths);
  });
});
