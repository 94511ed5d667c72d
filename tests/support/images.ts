/** Small test pictures made with sharp: a camera-like JPEG that carries a GPS position, and plain ones. */
import sharp from 'sharp';
import { ImageError, type ImageFault } from '../../supabase/functions/_shared/image/index.ts';

const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="45,27.83N"/></rdf:RDF></x:xmpmeta>';

/** What a phone writes: camera, author and date in IFD0, a position in Milan in the GPS IFD. */
export const CAMERA_EXIF = {
  IFD0: { Make: 'Apple', Model: 'iPhone 15 Pro', Artist: 'Mario Rossi', DateTime: '2026:11:20 21:14:03' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 27/1 5100/100', GPSLongitudeRef: 'E', GPSLongitude: '9/1 11/1 2400/100' },
};

/** Text any of CAMERA_EXIF's or XMP's values would show in the bytes. */
export const CAMERA_TEXT = /iPhone|Apple|Mario Rossi|2026:11:20|xmpmeta/;

/** A JPEG with CAMERA_EXIF, XMP, an sRGB ICC profile and, when given, an EXIF orientation. */
export async function gpsJpeg(opts: { width?: number; height?: number; orientation?: number; progressive?: boolean } = {}): Promise<Uint8Array> {
  let img = sharp({ create: { width: opts.width ?? 120, height: opts.height ?? 80, channels: 3, background: '#c0392b' } })
    .jpeg({ quality: 90, progressive: opts.progressive })
    .withExif(CAMERA_EXIF)
    .withXmp(XMP);
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  return new Uint8Array(await img.toBuffer());
}

/** A plain picture of one colour in the given format (lossless WebP when `lossless`). */
export async function plainImage(kind: 'jpeg' | 'png' | 'webp', width = 40, height = 50, lossless = false): Promise<Uint8Array> {
  const img = sharp({ create: { width, height, channels: 3, background: '#336699' } });
  const out = kind === 'jpeg' ? img.jpeg() : kind === 'png' ? img.png() : img.webp({ lossless });
  return new Uint8Array(await out.toBuffer());
}

/**
 * A 4:5 JPEG whose grey levels are flat (every pixel's luma 128) while its colours draw a
 * pattern that `seed` varies: the picture a grey-only pHash cannot see (issue 40).
 */
export async function flatLumaJpeg(seed: number, width = 200, height = 250): Promise<Uint8Array> {
  const rgb = new Uint8Array(width * height * 3);
  const [fx, fy, phase] = [0.011 + seed * 0.007, 0.017 + seed * 0.005, seed * 1.7];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const r = 128 + 127 * Math.sin(x * fx + phase) * Math.cos(y * fy);
      const b = 128 + 127 * Math.cos(x * fy * 1.3 - y * fx + phase);
      const g = (128 - 0.299 * r - 0.114 * b) / 0.587;
      rgb.set([Math.round(r), Math.round(g), Math.round(b)], (y * width + x) * 3);
    }
  return new Uint8Array(await sharp(rgb, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer());
}

/** A PNG or WebP with CAMERA_EXIF, XMP, a Display P3 ICC profile (and an orientation when given). */
export async function gpsImage(kind: 'png' | 'webp', orientation?: number): Promise<Uint8Array> {
  let img = sharp({ create: { width: 40, height: 50, channels: 4, background: '#00ff0080' } })[kind]()
    .withIccProfile('p3')
    .withExif(CAMERA_EXIF)
    .withXmp(XMP);
  if (orientation) img = img.withMetadata({ orientation });
  return new Uint8Array(await img.toBuffer());
}

export const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');

/** The bytes with `tail` appended. */
export const withTail = (b: Uint8Array, tail: string) => new Uint8Array(Buffer.concat([b, Buffer.from(tail)]));

/** The fault of the ImageError `check` throws, or null when it throws none. */
export function faultOf(check: () => unknown): ImageFault | null {
  try {
    check();
    return null;
  } catch (err) {
    if (err instanceof ImageError) return err.fault;
    throw err;
  }
}

/**
 * The picture with its header patched to declare `width` x `height` (JPEG frame header, PNG
 * IHDR, lossy WebP's VP8 frame): the file still walks whole, and only a decode would
 * find its data too short. What an upload's size check must refuse before decoding.
 */
export function withDeclaredSize(bytes: Uint8Array, width: number, height: number): Uint8Array {
  const b = bytes.slice();
  const view = new DataView(b.buffer);
  if (b[0] === 0xff) {
    const sof = b.findIndex((v, i) => v === 0xff && b[i + 1]! >= 0xc0 && b[i + 1]! <= 0xc2);
    view.setUint16(sof + 5, height);
    view.setUint16(sof + 7, width);
  } else if (b[0] === 0x89) {
    view.setUint32(16, width);
    view.setUint32(20, height);
  } else if (latin1(b.subarray(12, 16)) === 'VP8 ') {
    view.setUint16(26, width, true);
    view.setUint16(28, height, true);
  } else throw new Error('withDeclaredSize: not a JPEG, PNG or lossy WebP');
  return b;
}
