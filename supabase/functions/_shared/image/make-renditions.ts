/**
 * The renditions of a stored crop (issue 44, docs/decisions/0512-renditions-made-at-upload.md):
 * each of RENDITION_WIDTHS as WebP, FALLBACK_WIDTH as JPEG, and a ThumbHash placeholder, named
 * by the crop's bytes (renditions.ts). Kept WebAssembly codecs from Squoosh (@jsquash: libwebp,
 * mozjpeg, its resize), which run alike on Deno (Supabase's Edge Functions) and Node (the
 * local platform's worker threads, the seed, the backfill). The crop has already been walked
 * whole by jpeg-decode.ts (its hashes); mozjpeg decodes it in full, 3-6 times faster. The
 * encoders write the picture alone: no EXIF, XMP or ICC.
 */
import { readFile } from 'node:fs/promises';
import avifDecoder from '@jsquash/avif/codec/dec/avif_dec.js';
import avifEncoder from '@jsquash/avif/codec/enc/avif_enc.js';
import { defaultOptions as avifDefaults } from '@jsquash/avif/meta.js';
import webpEncoder from '@jsquash/webp/codec/enc/webp_enc_simd.js';
import { defaultOptions as webpDefaults } from '@jsquash/webp/meta.js';
import jpegDecoder from '@jsquash/jpeg/codec/dec/mozjpeg_dec.js';
import jpegEncoder from '@jsquash/jpeg/codec/enc/mozjpeg_enc.js';
import { defaultOptions as jpegDefaults } from '@jsquash/jpeg/meta.js';
import initResize, { resize } from '@jsquash/resize/lib/resize/pkg/squoosh_resize.js';
import { rgbaToThumbHash } from 'thumbhash';
import { checkAvifStructure, pictureDistance } from './avif-check.ts';
import { decodeJpeg, type RgbaImage } from './jpeg-decode.ts';
import { AVIF_QUALITY, AVIF_SPEED, AVIF_WIDTHS, avifSuffix, FALLBACK_SUFFIX, FALLBACK_WIDTH, RENDITION_KEY_LENGTH, RENDITION_WIDTHS, webpSuffix } from './renditions.ts';

/** makeRenditions is an off-thread task too (../off-thread.ts): the backfill's, on the local platform's worker threads. */
export const MODULE_URL = import.meta.url;

/** WebP quality and effort, chosen by measurement (the decision record's table). */
export const WEBP_QUALITY = 72;
export const WEBP_METHOD = 4;
/** The fallback JPEG's quality (mozjpeg's scale, its default); baseline, 2-3 times faster to encode than progressive. */
export const JPEG_QUALITY = 75;
/** ThumbHash takes at most 100 x 100 pixels. */
const PLACEHOLDER_SIDE = 100;
/** @jsquash/resize's filters by index: 1 = Catmull-Rom, sharp, half Lanczos3's taps. */
const CATROM = 1;

export interface RenditionFile {
  /** The name's ending after the prefix: `-360.webp` ... `-720.jpg`. */
  suffix: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  contentType: 'image/webp' | 'image/jpeg' | 'image/avif';
}

export interface Renditions {
  /** RENDITION_KEY_LENGTH hex digits of the SHA-256 of the crop's bytes. */
  key: string;
  /** ThumbHash, base64. */
  placeholder: string;
  files: RenditionFile[];
}

/** The bytes of a file inside an npm package, wherever the runtime keeps it (Node's node_modules, Deno's cache). */
const packageFile = async (specifier: string) => new Uint8Array(await readFile(new URL(import.meta.resolve(specifier))));

/**
 * The Emscripten modules as used here (their own typings name a global namespace that is not
 * shipped): an encoder takes RGBA and answers the file, the decoder answers RGBA.
 */
interface Encoder {
  encode(rgba: Uint8Array, width: number, height: number, options: object): Uint8Array | null;
}
interface Decoder {
  decode(file: Uint8Array, preserveOrientation: boolean): { width: number; height: number; data: Uint8ClampedArray } | null;
}
type Factory<M> = (options: { noInitialRun: boolean; wasmBinary: ArrayBufferLike }) => Promise<M>;

type Codecs = { decoder: Decoder; webp: Encoder; jpeg: Encoder };

let codecs: Promise<Codecs> | null = null;
let avifCodec: Promise<Encoder> | null = null;
let avifReader: Promise<AvifDecoder> | null = null;

/** The codecs, instantiated once per isolate or worker from their packages' own .wasm files. */
function loadCodecs(): Promise<Codecs> {
  codecs ??= (async () => {
    const [decoderWasm, webpWasm, jpegWasm, resizeWasm] = await Promise.all([
      packageFile('@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm'),
      packageFile('@jsquash/webp/codec/enc/webp_enc_simd.wasm'),
      packageFile('@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm'),
      packageFile('@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm'),
    ]);
    const make = <M>(factory: unknown, wasm: Uint8Array) => (factory as Factory<M>)({ noInitialRun: true, wasmBinary: wasm.buffer });
    const [decoder, webp, jpeg] = await Promise.all([
      make<Decoder>(jpegDecoder, decoderWasm),
      make<Encoder>(webpEncoder, webpWasm),
      make<Encoder>(jpegEncoder, jpegWasm),
      initResize(resizeWasm),
    ]);
    return { decoder, webp, jpeg };
  })();
  codecs.catch(() => (codecs = null));
  return codecs;
}

/** The AVIF encoder, apart: only photo-avif's isolates compile its 3.5 MB of WebAssembly. */
function loadAvif(): Promise<Encoder> {
  avifCodec ??= packageFile('@jsquash/avif/codec/enc/avif_enc.wasm').then((wasm) =>
    (avifEncoder as unknown as Factory<Encoder>)({ noInitialRun: true, wasmBinary: wasm.buffer }));
  avifCodec.catch(() => (avifCodec = null));
  return avifCodec;
}

interface AvifDecoder {
  decode(file: Uint8Array, bitDepth: 8): { width: number; height: number; data: Uint8ClampedArray } | null;
}

/** The AVIF decoder (dav1d), for photo-avif's isolates alone, as the encoder. */
function loadAvifDecoder(): Promise<AvifDecoder> {
  avifReader ??= packageFile('@jsquash/avif/codec/dec/avif_dec.wasm').then((wasm) =>
    (avifDecoder as unknown as Factory<AvifDecoder>)({ noInitialRun: true, wasmBinary: wasm.buffer }));
  avifReader.catch(() => (avifReader = null));
  return avifReader;
}

/** The picture at `width` (height in proportion), never enlarged: a narrower picture comes back as it is. */
function shrinkTo(img: RgbaImage, width: number): RgbaImage {
  if (width >= img.width) return img;
  const height = Math.max(1, Math.round((img.height * width) / img.width));
  // Not premultiplied: a JPEG is opaque (half the work).
  const data = resize(img.data, img.width, img.height, width, height, CATROM, false, false);
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

function base64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/** The ThumbHash of a picture, from its downscale within PLACEHOLDER_SIDE. */
function placeholderOf(img: RgbaImage): string {
  const scale = Math.min(1, PLACEHOLDER_SIDE / Math.max(img.width, img.height));
  const small = shrinkTo(img, Math.max(1, Math.round(img.width * scale)));
  return base64(rgbaToThumbHash(small.width, small.height, small.data));
}

/**
 * The crop's pixels: by mozjpeg, or by jpeg-decode.ts what libjpeg cannot turn into RGB (CMYK,
 * which no browser's canvas writes); an ImageError when neither decodes it.
 */
function decodeCrop(decoder: Decoder, crop: Uint8Array): RgbaImage {
  let decoded: ReturnType<Decoder['decode']> = null;
  try {
    decoded = decoder.decode(crop, false);
  } catch {
    // libjpeg's refusal, thrown through Emscripten: the other decoder answers.
  }
  if (!decoded) return decodeJpeg(crop);
  return { width: decoded.width, height: decoded.height, data: new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength) };
}

/**
 * The renditions of a JPEG crop as stored (cleaned): every width of RENDITION_WIDTHS as WebP,
 * FALLBACK_WIDTH as JPEG, each at most the crop's own width, and its placeholder. Throws
 * ImageError when the crop does not decode. Widths are made largest first, each from the
 * next larger one (a chain keeps the resizing cheap).
 */
export async function makeRenditions(crop: Uint8Array): Promise<Renditions> {
  const digest = await crypto.subtle.digest('SHA-256', crop as Uint8Array<ArrayBuffer>);
  const key = hex(digest).slice(0, RENDITION_KEY_LENGTH);
  const { decoder, webp, jpeg } = await loadCodecs();
  const picture = decodeCrop(decoder, crop);
  const sized = new Map<number, RgbaImage>();
  let from = picture;
  for (const width of [...RENDITION_WIDTHS].sort((a, b) => b - a)) {
    from = shrinkTo(from, width);
    sized.set(width, from);
  }
  const webpOptions = { ...webpDefaults, quality: WEBP_QUALITY, method: WEBP_METHOD };
  const files: RenditionFile[] = RENDITION_WIDTHS.map((width) => {
    const img = sized.get(width)!;
    const bytes = webp.encode(img.data, img.width, img.height, webpOptions);
    if (!bytes) throw new Error(`WebP encoding failed at ${width} px`);
    return { suffix: webpSuffix(width), width: img.width, height: img.height, bytes: new Uint8Array(bytes), contentType: 'image/webp' };
  });
  const fallback = sized.get(FALLBACK_WIDTH)!;
  const jpegBytes = jpeg.encode(fallback.data, fallback.width, fallback.height, { ...jpegDefaults, quality: JPEG_QUALITY, progressive: false, baseline: true });
  if (!jpegBytes) throw new Error(`JPEG encoding failed at ${FALLBACK_WIDTH} px`);
  files.push({ suffix: FALLBACK_SUFFIX, width: fallback.width, height: fallback.height, bytes: new Uint8Array(jpegBytes), contentType: 'image/jpeg' });
  return { key, placeholder: placeholderOf(sized.get(RENDITION_WIDTHS[0])!), files };
}

/**
 * The AVIF renditions of a JPEG crop as stored: each of AVIF_WIDTHS, at most the crop's own
 * width (as the WebP ones), resized as makeRenditions does. For photo-avif, the seed and the
 * backfill; throws ImageError when the crop does not decode.
 */
export async function makeAvifRenditions(crop: Uint8Array): Promise<RenditionFile[]> {
  const [{ decoder }, avif] = await Promise.all([loadCodecs(), loadAvif()]);
  let from = decodeCrop(decoder, crop);
  const sized = [...AVIF_WIDTHS].sort((a, b) => b - a).map((width) => (from = shrinkTo(from, width)));
  const options = { ...avifDefaults, quality: AVIF_QUALITY, speed: AVIF_SPEED };
  return sized.reverse().map((img, i) => {
    const width = AVIF_WIDTHS[i]!;
    const bytes = avif.encode(img.data, img.width, img.height, options);
    if (!bytes) throw new Error(`AVIF encoding failed at ${width} px`);
    return { suffix: avifSuffix(width), width: img.width, height: img.height, bytes: new Uint8Array(bytes), contentType: 'image/avif' };
  });
}

/**
 * How far a decoded AVIF rendition may be from the crop at its size (avif-check.ts
 * pictureDistance, 0-255), measured (0514): the encoder's noise and another resizing filter
 * (Lanczos, cubic, linear) give at most 7.3 on average and 14.2 in a block; a phone number
 * written on the picture 33-105 in its blocks, a mirrored picture 27-44 on average.
 */
export const AVIF_MEAN_MAX = 16;
export const AVIF_BLOCK_MAX = 28;

/** A browser's AVIF rendition as checked: its width's name, and why it is refused when it is. */
export interface AvifVerdict {
  width: number;
  refused: string | null;
  mean?: number;
  block?: number;
}

/**
 * photo-avif's check of the AVIF renditions a browser made of `crop` (the stored JPEG): each a
 * still AVIF with nothing but the picture (avif-check.ts), of exactly the size the server would
 * make for that width, and, decoded, within AVIF_MEAN_MAX and AVIF_BLOCK_MAX of the crop
 * resized as makeRenditions does. Throws ImageError when the crop does not decode.
 */
export async function checkAvifRenditions(crop: Uint8Array, files: { width: number; bytes: Uint8Array }[]): Promise<AvifVerdict[]> {
  const [{ decoder }, avif] = await Promise.all([loadCodecs(), loadAvifDecoder()]);
  let from = decodeCrop(decoder, crop);
  const sized = new Map<number, RgbaImage>();
  for (const width of [...AVIF_WIDTHS].sort((a, b) => b - a)) sized.set(width, (from = shrinkTo(from, width)));
  return files.map(({ width, bytes }) => {
    const reference = sized.get(width);
    if (!reference) return { width, refused: 'not an AVIF width' };
    let picture: ReturnType<AvifDecoder['decode']>;
    try {
      const declared = checkAvifStructure(bytes);
      if (declared.width !== reference.width || declared.height !== reference.height) return { width, refused: `${declared.width} x ${declared.height}` };
      picture = avif.decode(bytes, 8);
    } catch (err) {
      return { width, refused: (err as Error).message };
    }
    if (!picture || picture.width !== reference.width || picture.height !== reference.height) return { width, refused: 'does not decode to its size' };
    const { mean, block } = pictureDistance(reference.width, reference.height, reference.data, picture.data);
    const refused = mean > AVIF_MEAN_MAX || block > AVIF_BLOCK_MAX ? 'not the crop' : null;
    return { width, refused, mean, block };
  });
}
