/** EXIF (TIFF) reading: the orientation a cleaned photo keeps, and what tests look for. */
import { startsWith, u16be, u32be, u32le } from './bytes.ts';

export const ORIENTATION = 0x0112;
export const GPS_IFD = 0x8825;

interface Tiff {
  bytes: Uint8Array;
  le: boolean;
}

const tiffU16 = (t: Tiff, at: number) => (t.le ? t.bytes[at]! + (t.bytes[at + 1]! << 8) : u16be(t.bytes, at));
const tiffU32 = (t: Tiff, at: number) => (t.le ? u32le(t.bytes, at) : u32be(t.bytes, at));

/**
 * The tags of IFD0 of an EXIF payload, as tag -> value (SHORT/LONG values only). JPEG's APP1
 * puts "Exif\0\0" before the TIFF header; PNG's eXIf and WebP's EXIF hold the TIFF alone.
 */
export function exifIfd0(payload: Uint8Array): Map<number, number> {
  const tags = new Map<number, number>();
  const bytes = startsWith(payload, 0, 'Exif\0\0') ? payload.subarray(6) : payload;
  if (bytes.length < 8 || !(startsWith(bytes, 0, 'II*\0') || startsWith(bytes, 0, 'MM\0*'))) return tags;
  const t: Tiff = { bytes, le: bytes[0] === 0x49 };
  const ifd = tiffU32(t, 4);
  if (ifd + 2 > t.bytes.length) return tags;
  const count = tiffU16(t, ifd);
  for (let i = 0; i < count; i++) {
    const at = ifd + 2 + i * 12;
    if (at + 12 > t.bytes.length) break;
    const type = tiffU16(t, at + 2);
    tags.set(tiffU16(t, at), type === 3 ? tiffU16(t, at + 8) : tiffU32(t, at + 8));
  }
  return tags;
}

/** A rotation (2-8) an EXIF payload states, else 1. */
export function exifOrientation(payload: Uint8Array): number {
  const o = exifIfd0(payload).get(ORIENTATION);
  return o && o >= 1 && o <= 8 ? o : 1;
}

/** A minimal TIFF holding only the orientation, so a cleaned photo still displays upright. */
export function orientationOnlyTiff(orientation: number): Uint8Array {
  // Big-endian TIFF header, IFD0 with one SHORT entry, no next IFD.
  return new Uint8Array([0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]);
}
