/**
 * What photo-avif checks in an AVIF file a browser sends before storing it as a rendition
 * (issue 44, docs/decisions/0514-avif-encoded-by-the-browser.md), without re-encoding it (the
 * CPU an Edge Function cannot pay): a still picture as libavif writes it and nothing else (no
 * EXIF, XMP or ICC item or property, no metadata or padding in the AV1 stream, no byte outside
 * the picture's extent), and, decoded, the crop at that width up to compression noise.
 */
import { ImageError } from './index.ts';

const fourCC = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

interface Box {
  type: string;
  /** Where its content starts (after the size, type and, for a full box, version and flags). */
  body: number;
  end: number;
}

/** The boxes between `start` and `end`; an ImageError when one runs past `end`. */
function boxes(b: Uint8Array, start: number, end: number): Box[] {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const found: Box[] = [];
  for (let at = start; at < end; ) {
    if (at + 8 > end) throw new ImageError('broken', 'AVIF: box header past its parent');
    let size = view.getUint32(at);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > end) throw new ImageError('broken', 'AVIF: box header past its parent');
      size = Number(view.getBigUint64(at + 8));
      body = at + 16;
    } else if (size === 0) size = end - at;
    if (size < body - at || at + size > end) throw new ImageError('broken', 'AVIF: box size past its parent');
    found.push({ type: fourCC(b, at + 4), body, end: at + size });
    at += size;
  }
  return found;
}

const only = (list: Box[], allowed: string[], where: string) => {
  const other = list.find((x) => !allowed.includes(x.type));
  if (other) throw new ImageError('broken', `AVIF: '${other.type}' in ${where}`);
};
const one = (list: Box[], type: string, where: string): Box => {
  const found = list.filter((x) => x.type === type);
  if (found.length !== 1) throw new ImageError('broken', `AVIF: ${found.length} '${type}' in ${where}`);
  return found[0]!;
};

/** An unsigned LEB128 number (AV1's OBU sizes) at `at`: its value and where it ends. */
function leb128(b: Uint8Array, at: number, end: number): [number, number] {
  let value = 0;
  for (let i = 0; i < 8; i++) {
    if (at + i >= end) break;
    const byte = b[at + i]!;
    value += (byte & 0x7f) * 2 ** (7 * i);
    if (!(byte & 0x80)) return [value, at + i + 1];
  }
  throw new ImageError('broken', 'AVIF: bad OBU size');
}

/** AV1 OBU types a still picture needs: sequence header, temporal delimiter, frame header, tile group, frame. */
const PICTURE_OBUS = new Set([1, 2, 3, 4, 6]);

/** Every OBU of the AV1 stream in [start, end): a picture's alone (no metadata, 5, or padding, 15), ending exactly at `end`. */
function checkObus(b: Uint8Array, start: number, end: number): void {
  for (let at = start; at < end; ) {
    const header = b[at]!;
    const type = (header >> 3) & 0xf;
    if (header & 0x80 || !(header & 0x02)) throw new ImageError('broken', 'AVIF: OBU without its size');
    if (!PICTURE_OBUS.has(type)) throw new ImageError('broken', `AVIF: OBU of type ${type}`);
    const [size, payload] = leb128(b, at + 1 + ((header >> 2) & 1), end);
    if (payload + size > end) throw new ImageError('broken', 'AVIF: OBU past the picture');
    at = payload + size;
  }
}

/**
 * The picture's size as its `ispe` says, once the file is found to be a still AVIF as libavif
 * writes it, with nothing else; an ImageError naming what is not.
 */
export function checkAvifStructure(b: Uint8Array): { width: number; height: number } {
  const top = boxes(b, 0, b.length);
  if (top.map((x) => x.type).join() !== 'ftyp,meta,mdat') throw new ImageError('broken', `AVIF: boxes ${top.map((x) => x.type).join()}`);
  if (fourCC(b, top[0]!.body) !== 'avif') throw new ImageError('broken', 'AVIF: not an AVIF brand');
  const [meta, mdat] = [top[1]!, top[2]!];
  // meta, hdlr, pitm, iloc, iinf and infe are full boxes: a version byte and 3 bytes of flags first.
  const inMeta = boxes(b, meta.body + 4, meta.end);
  only(inMeta, ['hdlr', 'pitm', 'iloc', 'iinf', 'iprp'], 'meta');
  if (fourCC(b, one(inMeta, 'hdlr', 'meta').body + 8) !== 'pict') throw new ImageError('broken', 'AVIF: not a picture');
  const iinf = one(inMeta, 'iinf', 'meta');
  const infes = boxes(b, iinf.body + 4 + (b[iinf.body] === 0 ? 2 : 4), iinf.end);
  only(infes, ['infe'], 'iinf');
  const types = infes.map((x) => fourCC(b, x.body + 4 + (b[x.body] === 3 ? 4 : 2) + 2));
  if (types.join() !== 'av01') throw new ImageError('broken', `AVIF: items ${types.join()}`);
  const iprp = boxes(b, one(inMeta, 'iprp', 'meta').body, one(inMeta, 'iprp', 'meta').end);
  only(iprp, ['ipco', 'ipma'], 'iprp');
  const properties = boxes(b, one(iprp, 'ipco', 'iprp').body, one(iprp, 'ipco', 'iprp').end);
  only(properties, ['ispe', 'pixi', 'av1C', 'colr'], 'ipco');
  // A colour description by numbers (nclx), never an ICC profile, which can carry anything.
  for (const colr of properties.filter((x) => x.type === 'colr')) if (fourCC(b, colr.body) !== 'nclx') throw new ImageError('broken', 'AVIF: ICC profile');
  // The one item's one extent is the whole of mdat's content: no byte beside the picture.
  const iloc = one(inMeta, 'iloc', 'meta');
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const version = b[iloc.body]!;
  const sizes = view.getUint16(iloc.body + 4);
  const [offsetSize, lengthSize, baseSize, indexSize] = [sizes >> 12, (sizes >> 8) & 0xf, (sizes >> 4) & 0xf, version > 0 ? sizes & 0xf : 0];
  const read = (at: number, n: number) => (n === 0 ? 0 : n === 4 ? view.getUint32(at) : n === 8 ? Number(view.getBigUint64(at)) : -1);
  let at = iloc.body + 6;
  const count = version < 2 ? view.getUint16(at) : view.getUint32(at);
  at += version < 2 ? 2 : 4;
  at += (version < 2 ? 2 : 4) + (version > 0 ? 2 : 0) + 2; // item id, construction method, data reference index
  const base = read(at, baseSize);
  at += baseSize;
  const extents = view.getUint16(at);
  at += 2 + indexSize;
  const [offset, length] = [base + read(at, offsetSize), read(at + offsetSize, lengthSize)];
  if (count !== 1 || extents !== 1 || offset !== mdat.body || offset + length !== mdat.end) throw new ImageError('broken', 'AVIF: bytes outside the picture');
  checkObus(b, mdat.body, mdat.end);
  const ispe = one(properties, 'ispe', 'ipco');
  return { width: view.getUint32(ispe.body + 4), height: view.getUint32(ispe.body + 8) };
}

/**
 * How far a decoded rendition is from the reference (the crop at the same size, RGBA both):
 * the mean absolute difference of its colour values, and the largest of that mean over any
 * block of 8 x 8 pixels (a line of text written on the picture shows there, compression noise
 * does not), on a 0-255 scale.
 */
export function pictureDistance(width: number, height: number, a: Uint8Array | Uint8ClampedArray, b: Uint8Array | Uint8ClampedArray): { mean: number; block: number } {
  const BLOCK = 8;
  let total = 0;
  let worst = 0;
  for (let by = 0; by < height; by += BLOCK) {
    for (let bx = 0; bx < width; bx += BLOCK) {
      let sum = 0;
      let n = 0;
      for (let y = by; y < Math.min(by + BLOCK, height); y++) {
        for (let x = bx; x < Math.min(bx + BLOCK, width); x++) {
          const i = (y * width + x) * 4;
          sum += Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
          n += 3;
        }
      }
      total += sum;
      worst = Math.max(worst, sum / n);
    }
  }
  return { mean: total / (width * height * 3), block: worst };
}
