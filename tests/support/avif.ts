/**
 * The structure of an AVIF file (ISO BMFF, ISO/IEC 23008-12): its top-level boxes and the
 * types of the items its `meta` box lists. A file with nothing but its picture has `ftyp`,
 * `meta`, `mdat` and one item, `av01`; EXIF and XMP would be items of their own ('Exif',
 * 'mime'), or boxes beside them.
 */
const fourCC = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));
const u32 = (b: Uint8Array, at: number) => new DataView(b.buffer, b.byteOffset).getUint32(at);

/** The boxes between `start` and `end`: type, where its content starts, where it ends. */
function boxes(b: Uint8Array, start: number, end: number): { type: string; body: number; end: number }[] {
  const found = [];
  for (let at = start; at + 8 <= end; ) {
    let size = u32(b, at);
    let body = at + 8;
    if (size === 1) [size, body] = [Number(new DataView(b.buffer, b.byteOffset).getBigUint64(at + 8)), at + 16];
    if (size === 0) size = end - at;
    found.push({ type: fourCC(b, at + 4), body, end: at + size });
    at += size;
  }
  return found;
}

export function avifStructure(b: Uint8Array): { boxes: string[]; items: string[] } {
  const top = boxes(b, 0, b.length);
  const meta = top.find((x) => x.type === 'meta');
  // meta and iinf are full boxes: a version and flags (4 bytes) before their content.
  const iinf = meta && boxes(b, meta.body + 4, meta.end).find((x) => x.type === 'iinf');
  const items = iinf
    ? boxes(b, iinf.body + 4 + (b[iinf.body] === 0 ? 2 : 4), iinf.end)
        .filter((x) => x.type === 'infe')
        // infe version 2 or 3: a 2- or 4-byte item id, a 2-byte protection index, then the type.
        .map((x) => fourCC(b, x.body + 4 + (b[x.body] === 3 ? 4 : 2) + 2))
    : [];
  return { boxes: top.map((x) => x.type), items };
}
