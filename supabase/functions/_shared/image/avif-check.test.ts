import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import avifEncoder from '@jsquash/avif/codec/enc/avif_enc.js';
import { defaultOptions } from '@jsquash/avif/meta.js';
import { checkAvifStructure, pictureDistance } from './avif-check.ts';

/** A still AVIF as a browser's libavif writes it: 40 x 50, a gradient. */
let genuine: Uint8Array;

beforeAll(async () => {
  const wasm = readFileSync(createRequire(import.meta.url).resolve('@jsquash/avif/codec/enc/avif_enc.wasm'));
  const encoder = await (avifEncoder as unknown as (o: object) => Promise<{ encode: (...a: unknown[]) => Uint8Array }>)({ noInitialRun: true, wasmBinary: wasm.buffer });
  const rgba = new Uint8Array(40 * 50 * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 7) % 256));
  genuine = new Uint8Array(encoder.encode(rgba, 40, 50, { ...defaultOptions, quality: 50, speed: 9 }));
});

const u32 = (b: Uint8Array, at: number) => new DataView(b.buffer, b.byteOffset).getUint32(at);
const setU32 = (b: Uint8Array, at: number, v: number) => new DataView(b.buffer, b.byteOffset).setUint32(at, v);
const box = (type: string, body: number[]): number[] => [0, 0, 0, 8 + body.length, ...[...type].map((c) => c.charCodeAt(0)), ...body];

/**
 * The file with `extra` bytes added at the end of mdat, mdat's size and the picture's extent
 * length (the one 4-byte field in meta equal to mdat's content length) grown to cover them.
 */
function withinPicture(file: Uint8Array, extra: number[]): Uint8Array {
  const out = new Uint8Array([...file, ...extra]);
  const mdat = findBox(file, 'mdat');
  const length = u32(file, mdat) - 8;
  setU32(out, mdat, length + 8 + extra.length);
  const meta = findBox(file, 'meta');
  const fields = [...Array(mdat - meta).keys()].map((i) => meta + i).filter((at) => u32(file, at) === length);
  expect(fields).toHaveLength(1);
  setU32(out, fields[0]!, length + extra.length);
  return out;
}

/** Where the top-level box `type` starts. */
function findBox(file: Uint8Array, type: string): number {
  for (let at = 0; at < file.length; at += u32(file, at)) if (String.fromCharCode(...file.subarray(at + 4, at + 8)) === type) return at;
  throw new Error(`no ${type}`);
}

describe('checkAvifStructure', () => {
  it('reads the size of a still AVIF as libavif writes it', () => {
    expect(checkAvifStructure(genuine)).toEqual({ width: 40, height: 50 });
  });

  it('refuses a box beside the picture (an XMP packet in a uuid box, a free box)', () => {
    expect(() => checkAvifStructure(new Uint8Array([...genuine, ...box('uuid', [...new Array<number>(16).fill(1), 60, 120])]))).toThrow(/boxes ftyp,meta,mdat,uuid/);
    expect(() => checkAvifStructure(new Uint8Array([...box('free', [0]), ...genuine]))).toThrow(/boxes free/);
  });

  it('refuses bytes in mdat that the picture does not cover, and a box that runs past the file', () => {
    const mdat = findBox(genuine, 'mdat');
    const grown = new Uint8Array([...genuine, 1, 2, 3]);
    setU32(grown, mdat, u32(genuine, mdat) + 3);
    expect(() => checkAvifStructure(grown)).toThrow(/bytes outside the picture/);
    expect(() => checkAvifStructure(genuine.subarray(0, genuine.length - 1))).toThrow(/past its parent/);
  });

  it('refuses a metadata or padding OBU inside the picture, and takes a temporal delimiter', () => {
    // OBU header: type << 3, has_size_field; then its size (LEB128) and payload.
    expect(() => checkAvifStructure(withinPicture(genuine, [(5 << 3) | 2, 2, 4, 0]))).toThrow(/OBU of type 5/);
    expect(() => checkAvifStructure(withinPicture(genuine, [(15 << 3) | 2, 1, 0]))).toThrow(/OBU of type 15/);
    expect(checkAvifStructure(withinPicture(genuine, [(2 << 3) | 2, 0]))).toEqual({ width: 40, height: 50 });
  });

  it('refuses a file that is no AVIF', () => {
    expect(() => checkAvifStructure(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toThrow(/AVIF/);
  });
});

describe('pictureDistance', () => {
  const picture = (w: number, h: number, at: (x: number, y: number) => number) =>
    new Uint8Array(w * h * 4).map((_, i) => (i % 4 === 3 ? 255 : at((i >> 2) % w, Math.floor((i >> 2) / w))));

  it('is 0 for the same picture, and finds one 8 x 8 block changed that the mean hardly shows', () => {
    const a = picture(64, 80, (x, y) => (x * 3 + y) % 256);
    expect(pictureDistance(64, 80, a, a)).toEqual({ mean: 0, block: 0 });
    const b = a.map((v, i) => (i % 4 !== 3 && (i >> 2) % 64 < 8 && (i >> 2) < 64 * 8 ? 255 - v : v));
    const d = pictureDistance(64, 80, a, b);
    expect(d.mean).toBeLessThan(5);
    expect(d.block).toBeGreaterThan(100);
  });
});
