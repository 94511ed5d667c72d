import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { StorageError } from './errors.ts';
import { renderImage, transformFrom } from './render.ts';

const transform = (query: string) => transformFrom(new URL(`http://x/?${query}`));
const opts = (source: string) => ({ acceptsWebp: false, source });
const reader = (bytes: Uint8Array) => vi.fn(async () => bytes);

let small: Uint8Array;
let huge: Uint8Array;
beforeAll(async () => {
  small = new Uint8Array(await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c36' } }).png().toBuffer());
  huge = new Uint8Array(await sharp({ create: { width: 12000, height: 12000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer());
});

describe('renderImage', () => {
  it('refuses a source over 40 MP from its header, then without reading it again', async () => {
    const read = reader(huge);
    const started = performance.now();
    const refusal = await renderImage(read, 'image/png', transform('width=100'), opts('b/huge@1')).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(500);
    expect(refusal).toBeInstanceOf(StorageError);
    expect((refusal as StorageError).render()).toEqual({
      statusCode: '422',
      code: 'InvalidRequest',
      error: 'ImageProcessingError',
      message: 'Source image resolution is too big',
    });
    expect((refusal as StorageError).httpStatus).toBe(400);
    await expect(renderImage(read, 'image/png', transform('width=200'), opts('b/huge@1'))).rejects.toMatchObject({ statusCode: 422 });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('serves the original for bytes that are no image, whatever their label', async () => {
    const html = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');
    expect(await renderImage(reader(html), 'image/jpeg', transform('width=100'), opts('b/page@1'))).toBeNull();
  });

  it('renders two at a time, queues 32 more and turns the rest away with 503 and Retry-After; cache hits do not wait', async () => {
    const warm = await renderImage(reader(small), 'image/png', transform('width=10'), opts('b/warm@1'));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const read = vi.fn(async () => (await gate, small));
    const all = Array.from({ length: 40 }, (_, i) =>
      renderImage(read, 'image/png', transform(`width=${i + 1}`), opts('b/busy@1')).catch((e: unknown) => e),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read).toHaveBeenCalledTimes(2);
    // A rendition already made does not queue behind them.
    expect(await renderImage(reader(small), 'image/png', transform('width=10'), opts('b/warm@1'))).toBe(warm);

    open();
    const results = await Promise.all(all);
    const busy = results.filter((r): r is StorageError => r instanceof StorageError);
    expect(busy).toHaveLength(6);
    expect(busy[0]!.httpStatus).toBe(503);
    expect(busy[0]!.reply.headers).toEqual({ 'retry-after': '1' });
    expect(busy[0]!.render()).toMatchObject({ statusCode: '503', code: 'SlowDown' });
    expect(results.filter((r) => r && typeof r === 'object' && 'bytes' in r)).toHaveLength(34);
    expect(read).toHaveBeenCalledTimes(34);
  });
});
