/**
 * Removing metadata from image bytes without re-encoding them, so the stored original keeps
 * its full quality and carries no EXIF (GPS, camera, dates), XMP, IPTC or comments.
 * Advertisers photograph their homes: a location must never leak.
 */
import type { ImageKind } from './model.ts';

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u32le = (b: Uint8Array, at: number) => b[at]! + (b[at + 1]! << 8) + (b[at + 2]! << 16) + ((b[at + 3]! << 24) >>> 0);
const startsWith = (b: Uint8Array, at: number, text: string) => {
  for (let i = 0; i < text.length; i++) if (b[at + i] !== text.charCodeAt(i)) return false;
  return true;
};

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export class MetadataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MetadataError';
  }
}

// ---------------------------------------------------------------------------------------
// EXIF (TIFF) reading: the orientation to keep, and what tests look for.

interface Tiff {
  bytes: Uint8Array;
  le: boolean;
}

const tiffU16 = (t: Tiff, at: number) => (t.le ? t.bytes[at]! + (t.bytes[at + 1]! << 8) : u16be(t.bytes, at));
const tiffU32 = (t: Tiff, at: number) => (t.le ? u32le(t.bytes, at) : u32be(t.bytes, at));

/** The tags of IFD0 of an EXIF payload ("Exif\0\0" + TIFF), as tag -> value (SHORT/LONG values only). */
export function exifIfd0(payload: Uint8Array): Map<number, number> {
  const tags = new Map<number, number>();
  if (!startsWith(payload, 0, 'Exif\0\0') || payload.length < 14) return tags;
  const t: Tiff = { bytes: payload.subarray(6), le: startsWith(payload, 6, 'II') };
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

const ORIENTATION = 0x0112;
const GPS_IFD = 0x8825;

/** A minimal EXIF payload holding only the orientation, so the stored original still displays upright. */
function orientationOnlyExif(orientation: number): Uint8Array {
  // "Exif\0\0", big-endian TIFF header, IFD0 with one SHORT entry, no next IFD.
  return new Uint8Array([
    0x45, 0x78, 0x69, 0x66, 0, 0, 0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0,
  ]);
}

// ---------------------------------------------------------------------------------------
// JPEG

/** A JPEG's marker segments before the image data, and where the image data starts. */
interface JpegSegment {
  marker: number;
  start: number;
  end: number;
}

const isStandalone = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd7);

/** Walks a JPEG: every segment (APPn, DQT, SOF, DHT, SOS...) with its bytes; scans' data is part of their SOS. */
function jpegSegments(b: Uint8Array): { segments: JpegSegment[]; end: number } {
  if (!(b[0] === 0xff && b[1] === 0xd8)) throw new MetadataError('not a JPEG');
  const segments: JpegSegment[] = [];
  let at = 2;
  while (at < b.length) {
    if (b[at] !== 0xff) throw new MetadataError(`JPEG marker expected at ${at}`);
    while (b[at + 1] === 0xff) at++; // fill bytes
    const marker = b[at + 1]!;
    if (marker === 0xd9) return { segments, end: at + 2 }; // EOI: anything after it (MPF images, trailers) is dropped
    if (isStandalone(marker)) {
      segments.push({ marker, start: at, end: at + 2 });
      at += 2;
      continue;
    }
    if (at + 4 > b.length) throw new MetadataError('truncated JPEG');
    let end = at + 2 + u16be(b, at + 2);
    if (end > b.length) throw new MetadataError('truncated JPEG segment');
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart.
      while (end < b.length - 1 && !(b[end] === 0xff && b[end + 1] !== 0 && !(b[end + 1]! >= 0xd0 && b[end + 1]! <= 0xd7))) end++;
      if (end >= b.length - 1) end = b.length;
    }
    segments.push({ marker, start: at, end });
    at = end;
  }
  return { segments, end: b.length };
}

/** The payload of a segment (after marker and length). */
const payloadOf = (b: Uint8Array, s: JpegSegment) => b.subarray(s.start + 4, s.end);

/**
 * Metadata segments a JPEG may keep: JFIF (APP0), the colour profile (APP2 ICC_PROFILE) and
 * Adobe's colour transform (APP14). Everything else that is not image data goes: EXIF and XMP
 * (APP1), MPF (APP2), IPTC/Photoshop (APP13), any other APPn and comments (COM).
 */
function keepJpegSegment(b: Uint8Array, s: JpegSegment): boolean {
  const m = s.marker;
  if (m === 0xfe) return false;
  if (m < 0xe0 || m > 0xef) return true;
  const p = payloadOf(b, s);
  if (m === 0xe0) return startsWith(p, 0, 'JFIF\0');
  if (m === 0xe2) return startsWith(p, 0, 'ICC_PROFILE\0');
  if (m === 0xee) return startsWith(p, 0, 'Adobe');
  return false;
}

/** The EXIF orientation of a JPEG (1 when there is none). */
export function jpegOrientation(b: Uint8Array): number {
  for (const s of jpegSegments(b).segments) {
    if (s.marker === 0xe1) {
      const o = exifIfd0(payloadOf(b, s)).get(ORIENTATION);
      if (o && o >= 1 && o <= 8) return o;
    }
  }
  return 1;
}

/** True when the JPEG carries any EXIF or XMP block, or a GPS IFD in its EXIF (`gps`). */
export function jpegMetadata(b: Uint8Array): { exif: boolean; gps: boolean; xmp: boolean; comment: boolean } {
  const found = { exif: false, gps: false, xmp: false, comment: false };
  for (const s of jpegSegments(b).segments) {
    const p = payloadOf(b, s);
    if (s.marker === 0xfe) found.comment = true;
    if (s.marker === 0xe1 && startsWith(p, 0, 'Exif\0\0')) {
      found.exif = true;
      if (exifIfd0(p).has(GPS_IFD)) found.gps = true;
    }
    if (s.marker === 0xe1 && startsWith(p, 0, 'http://ns.adobe.com/xap/')) found.xmp = true;
  }
  return found;
}

/**
 * The JPEG without metadata, image data untouched. When the removed EXIF said the picture is
 * rotated, a new EXIF block with only that orientation is written, so it still shows upright.
 */
export function stripJpeg(b: Uint8Array): Uint8Array {
  const { segments } = jpegSegments(b);
  const orientation = jpegOrientation(b);
  const parts: Uint8Array[] = [new Uint8Array([0xff, 0xd8])];
  let exifWritten = orientation === 1;
  for (const s of segments) {
    if (!exifWritten && !(s.marker === 0xe0 && keepJpegSegment(b, s))) {
      const payload = orientationOnlyExif(orientation);
      parts.push(new Uint8Array([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload);
      exifWritten = true;
    }
    if (keepJpegSegment(b, s)) parts.push(b.subarray(s.start, s.end));
  }
  parts.push(new Uint8Array([0xff, 0xd9]));
  return concat(parts);
}

// ---------------------------------------------------------------------------------------
// PNG: only the chunks that draw the picture and its colours stay.

const PNG_KEEP = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'cHRM', 'gAMA', 'iCCP', 'sBIT', 'sRGB', 'cICP', 'bKGD', 'pHYs', 'acTL', 'fcTL', 'fdAT']);

/** The chunk types of a PNG, in order. */
export function pngChunks(b: Uint8Array): string[] {
  const types: string[] = [];
  for (let at = 8; at + 8 <= b.length; ) {
    const length = u32be(b, at);
    types.push(String.fromCharCode(...b.subarray(at + 4, at + 8)));
    at += 12 + length;
  }
  return types;
}

/** The PNG without eXIf, text (tEXt, zTXt, iTXt), time and private chunks. */
export function stripPng(b: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [b.subarray(0, 8)];
  for (let at = 8; at + 8 <= b.length; ) {
    const length = u32be(b, at);
    const type = String.fromCharCode(...b.subarray(at + 4, at + 8));
    const end = at + 12 + length;
    if (end > b.length) throw new MetadataError('truncated PNG chunk');
    if (PNG_KEEP.has(type)) parts.push(b.subarray(at, end));
    at = end;
    if (type === 'IEND') break;
  }
  return concat(parts);
}

// ---------------------------------------------------------------------------------------
// WebP (RIFF): the EXIF and XMP chunks go, and VP8X's flags stop announcing them.

/** The chunk ids of a WebP file, in order. */
export function webpChunks(b: Uint8Array): string[] {
  const ids: string[] = [];
  for (let at = 12; at + 8 <= b.length; ) {
    ids.push(String.fromCharCode(...b.subarray(at, at + 4)));
    const size = u32le(b, at + 4);
    at += 8 + size + (size & 1);
  }
  return ids;
}

export function stripWebp(b: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  for (let at = 12; at + 8 <= b.length; ) {
    const id = String.fromCharCode(...b.subarray(at, at + 4));
    const size = u32le(b, at + 4);
    const end = Math.min(b.length, at + 8 + size + (size & 1));
    if (id !== 'EXIF' && id !== 'XMP ') {
      const chunk = b.slice(at, end);
      if (id === 'VP8X') chunk[8] = chunk[8]! & ~0x0c; // the EXIF (0x08) and XMP (0x04) flags
      parts.push(chunk);
    }
    at = end;
  }
  const body = concat(parts);
  const out = new Uint8Array(12 + body.length);
  out.set(b.subarray(0, 12));
  const riffSize = 4 + body.length;
  out[4] = riffSize & 0xff;
  out[5] = (riffSize >> 8) & 0xff;
  out[6] = (riffSize >> 16) & 0xff;
  out[7] = (riffSize >>> 24) & 0xff;
  out.set(body, 12);
  return out;
}

/** The image without any metadata block, by its format. */
export function stripMetadata(bytes: Uint8Array, kind: Exclude<ImageKind, 'heic'>): Uint8Array {
  if (kind === 'jpeg') return stripJpeg(bytes);
  if (kind === 'png') return stripPng(bytes);
  return stripWebp(bytes);
}
