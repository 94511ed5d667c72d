import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAMERA_TEXT, faultOf, gpsImage, latin1, plainImage, withTail } from '../../../../tests/support/images.ts';
import { pngChunks, pngSize, stripPng } from './png.ts';

/** The PNG without its chunks of `type`. */
function withoutChunk(b: Uint8Array, type: string): Uint8Array {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const parts = [b.subarray(0, 8)];
  for (let at = 8; at < b.length; at += 12 + view.getUint32(at)) {
    if (latin1(b.subarray(at + 4, at + 8)) !== type) parts.push(b.subarray(at, at + 12 + view.getUint32(at)));
  }
  return new Uint8Array(Buffer.concat(parts));
}

describe('stripPng', () => {
  it("removes a PNG's eXIf and text chunks; ICC and pixels stay", async () => {
    const source = await gpsImage('png');
    expect(pngChunks(source)).toEqual(expect.arrayContaining(['eXIf', 'zTXt', 'iCCP']));
    const clean = stripPng(source);
    expect(pngChunks(clean).filter((c) => /eXIf|tEXt|zTXt|iTXt|tIME/.test(c))).toEqual([]);
    expect(pngChunks(clean)).toContain('iCCP');
    expect(latin1(clean)).not.toMatch(CAMERA_TEXT);
    const meta = await sharp(clean).metadata();
    expect([meta.width, meta.height, meta.exif, meta.xmp]).toEqual([40, 50, undefined, undefined]);
    expect(Buffer.compare(await sharp(source).raw().toBuffer(), await sharp(clean).raw().toBuffer())).toBe(0);
  });

  it('keeps only the orientation of a rotated picture', async () => {
    const clean = stripPng(await gpsImage('png', 6));
    expect(latin1(clean)).not.toMatch(CAMERA_TEXT);
    expect((await sharp(clean).metadata()).orientation).toBe(6);
  });

  it('drops everything after IEND', async () => {
    const source = await plainImage('png');
    const clean = stripPng(withTail(source, '<script>alert(1)</script>'));
    expect(clean).toEqual(source);
  });

  it('refuses a PNG that does not parse: truncated, without IHDR, IDAT or IEND', async () => {
    const source = await plainImage('png');
    expect(faultOf(() => stripPng(source.subarray(0, source.length - 12)))).toBe('broken');
    expect(faultOf(() => stripPng(source.subarray(0, source.length - 20)))).toBe('broken');
    expect(faultOf(() => stripPng(withoutChunk(source, 'IHDR')))).toBe('broken');
    expect(faultOf(() => stripPng(withoutChunk(source, 'IDAT')))).toBe('broken');
    expect(faultOf(() => stripPng(withTail(source.subarray(0, 8), 'garbage garbage garbage')))).toBe('broken');
  });
});

describe('pngSize', () => {
  it('reads IHDR only: a 12000 x 12000 picture is known by its first bytes', async () => {
    const huge = new Uint8Array(await sharp({ create: { width: 12000, height: 12000, channels: 3, background: '#000' } }).png().toBuffer());
    expect(pngSize(huge.subarray(0, 33))).toEqual({ width: 12000, height: 12000 });
  });

  it('refuses a PNG whose first chunk is not IHDR', async () => {
    const noHeader = withoutChunk(await plainImage('png'), 'IHDR');
    expect(faultOf(() => pngSize(noHeader))).toBe('broken');
  });
});
