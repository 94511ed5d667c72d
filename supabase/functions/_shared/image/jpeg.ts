/**
 * JPEG: a walk over the marker segments that refuses what does not hold together, the size
 * from the frame header, and the file rebuilt without metadata, the image data copied as is.
 */
import { type Block, broken, concat, startsWith, u16be } from './bytes.ts';
import { exifIfd0, exifOrientation, GPS_IFD, orientationOnlyTiff } from './exif.ts';

/** A marker segment (APPn, DQT, SOF, DHT, SOS with its entropy-coded data, EOI...): its id is the marker. */
export type JpegSegment = Block<number>;

const EOI = 0xd9;
export const SOS = 0xda;
const isStandalone = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd7);
/** Frame headers: C0-CF except DHT (C4), JPG (C8) and DAC (CC). */
export const isFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** Where a scan's entropy-coded data ends: the first marker that is not a stuffed 0xFF00 or a restart. */
function scanEnd(b: Uint8Array, from: number): number {
  // indexOf is native: a 10 MB photo is crossed in milliseconds.
  for (let at = b.indexOf(0xff, from); at >= 0 && at + 1 < b.length; at = b.indexOf(0xff, at + 1)) {
    const next = b[at + 1]!;
    if (next !== 0 && !(next >= 0xd0 && next <= 0xd7)) return at;
  }
  throw broken('JPEG scan without an end');
}

/** The segments in order, EOI last; what follows EOI (MPF pictures, trailers, scripts) is never reached. */
export function* segments(b: Uint8Array): Generator<JpegSegment, void> {
  if (!(b[0] === 0xff && b[1] === 0xd8)) throw broken('not a JPEG');
  let at = 2;
  for (;;) {
    if (b[at] !== 0xff) throw broken(at >= b.length ? 'JPEG without an end marker' : `JPEG marker expected at ${at}`);
    while (b[at + 1] === 0xff) at++; // fill bytes
    const marker = b[at + 1];
    if (marker === undefined || marker === 0 || marker === 0xd8) throw broken(`no JPEG marker at ${at}`);
    if (marker === EOI || isStandalone(marker)) {
      yield { id: marker, start: at, end: at + 2 };
      if (marker === EOI) return;
      at += 2;
      continue;
    }
    const length = at + 4 <= b.length ? u16be(b, at + 2) : 0;
    let end = at + 2 + length;
    if (length < 2 || end > b.length) throw broken('truncated JPEG segment');
    if (marker === SOS) end = scanEnd(b, end);
    yield { id: marker, start: at, end };
    at = end;
  }
}

/** Height and width of a frame header (precision, height, width, components). */
function frameSize(b: Uint8Array, s: JpegSegment): { width: number; height: number } {
  if (s.end - s.start < 10) throw broken('truncated JPEG frame header');
  const size = { height: u16be(b, s.start + 5), width: u16be(b, s.start + 7) };
  if (!size.width || !size.height) throw broken('JPEG frame without a size');
  return size;
}

/** The size a JPEG's frame header declares, reading no further than that header. */
export function jpegSize(b: Uint8Array): { width: number; height: number } {
  for (const s of segments(b)) {
    if (isFrame(s.id)) return frameSize(b, s);
    if (s.id === SOS) break;
  }
  throw broken('JPEG without a frame header before its scan');
}

/** Every segment before EOI, once the whole file is known to have a frame, a scan and an end. */
function parseJpeg(b: Uint8Array): JpegSegment[] {
  const all = [...segments(b)].slice(0, -1);
  const frame = all.findIndex((s) => isFrame(s.id));
  const scan = all.findIndex((s) => s.id === SOS);
  if (frame < 0 || scan < frame) throw broken('JPEG without a frame header before its scan');
  frameSize(b, all[frame]!);
  return all;
}

/** The payload of a segment (after marker and length). */
const payloadOf = (b: Uint8Array, s: JpegSegment) => b.subarray(s.start + 4, s.end);
const isExif = (b: Uint8Array, s: JpegSegment) => s.id === 0xe1 && startsWith(payloadOf(b, s), 0, 'Exif\0\0');

/**
 * Metadata segments a JPEG may keep: JFIF (APP0), the colour profile (APP2 ICC_PROFILE) and
 * Adobe's colour transform (APP14). Everything else that is not image data goes: EXIF and XMP
 * (APP1), MPF (APP2), IPTC/Photoshop (APP13), any other APPn and comments (COM).
 */
function keepSegment(b: Uint8Array, s: JpegSegment): boolean {
  const m = s.id;
  if (m === 0xfe) return false;
  if (m < 0xe0 || m > 0xef) return true;
  const p = payloadOf(b, s);
  if (m === 0xe0) return startsWith(p, 0, 'JFIF\0');
  if (m === 0xe2) return startsWith(p, 0, 'ICC_PROFILE\0');
  if (m === 0xee) return startsWith(p, 0, 'Adobe');
  return false;
}

function orientationOf(b: Uint8Array, all: JpegSegment[]): number {
  const exif = all.find((s) => isExif(b, s));
  return exif ? exifOrientation(payloadOf(b, exif)) : 1;
}

/** The EXIF orientation of a JPEG (1 when there is none). */
export const jpegOrientation = (b: Uint8Array) => orientationOf(b, parseJpeg(b));

/** Which metadata a JPEG carries: EXIF (with a GPS IFD: `gps`), XMP, comments. */
export function jpegMetadata(b: Uint8Array): { exif: boolean; gps: boolean; xmp: boolean; comment: boolean } {
  const found = { exif: false, gps: false, xmp: false, comment: false };
  for (const s of parseJpeg(b)) {
    if (s.id === 0xfe) found.comment = true;
    if (isExif(b, s)) {
      found.exif = true;
      if (exifIfd0(payloadOf(b, s)).has(GPS_IFD)) found.gps = true;
    }
    if (s.id === 0xe1 && startsWith(payloadOf(b, s), 0, 'http://ns.adobe.com/xap/')) found.xmp = true;
  }
  return found;
}

/**
 * The JPEG without metadata or anything after its end, image data untouched. When the removed
 * EXIF said the picture is rotated, an EXIF block with only that orientation is written after
 * JFIF, so it still shows upright.
 */
export function stripJpeg(b: Uint8Array): Uint8Array {
  const all = parseJpeg(b);
  const orientation = orientationOf(b, all);
  const parts: Uint8Array[] = [new Uint8Array([0xff, 0xd8])];
  let exifWritten = orientation === 1;
  for (const s of all) {
    const keep = keepSegment(b, s);
    if (!exifWritten && !(s.id === 0xe0 && keep)) {
      const payload = concat([new TextEncoder().encode('Exif\0\0'), orientationOnlyTiff(orientation)]);
      parts.push(new Uint8Array([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload);
      exifWritten = true;
    }
    if (keep) parts.push(b.subarray(s.start, s.end));
  }
  parts.push(new Uint8Array([0xff, EOI]));
  return concat(parts);
}
