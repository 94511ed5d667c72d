/**
 * What an object is served as. An uploader chooses the stored Content-Type; for images the bytes
 * decide instead, so HTML or SVG stored as image/jpeg is never rendered as a document.
 */

const OCTET_STREAM = 'application/octet-stream';

const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

/** ISO BMFF major brands (`ftyp` box) of AVIF and HEIF pictures. */
const BRANDS: Record<string, string> = {
  avif: 'image/avif',
  avis: 'image/avif',
  heic: 'image/heic',
  heix: 'image/heic',
  heim: 'image/heic',
  heis: 'image/heic',
  hevc: 'image/heic',
  hevx: 'image/heic',
  mif1: 'image/heif',
  msf1: 'image/heif',
};

/** The raster image type the first bytes announce, or null. */
export function sniffImageType(b: Uint8Array): string | null {
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  // The first four bytes of the PNG signature: no text format starts with 0x89.
  if (ascii(b, 0, 4) === '\x89PNG') return 'image/png';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'image/webp';
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(b, 4, 4) === 'ftyp') return BRANDS[ascii(b, 8, 4)] ?? null;
  if (ascii(b, 0, 4) === 'II*\0' || ascii(b, 0, 4) === 'MM\0*') return 'image/tiff';
  return null;
}

/**
 * The Content-Type to send: a stored image/* label is replaced by the type of the bytes, and by
 * application/octet-stream when they are no raster image (SVG included: it runs script when
 * opened). Other labels (text, PDF, JSON…) are sent as stored.
 */
export function servedType(label: string | undefined, bytes: Uint8Array): string {
  if (!label) return OCTET_STREAM;
  if (!/^\s*image\//i.test(label)) return label;
  return sniffImageType(bytes) ?? OCTET_STREAM;
}

/** The file name extensions each served type may be saved under. */
const EXTENSIONS: Record<string, string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'image/avif': ['avif'],
  'image/heic': ['heic', 'heif'],
  'image/heif': ['heif', 'heic'],
  'image/tiff': ['tif', 'tiff'],
  'application/pdf': ['pdf'],
  'application/json': ['json'],
  'application/zip': ['zip'],
  'text/plain': ['txt', 'text', 'log'],
  'text/csv': ['csv'],
  'text/markdown': ['md', 'markdown'],
};

/**
 * The name for `?download=<requested>`: kept only when its extension fits the served type, so a
 * link cannot save a JPEG as `fattura.exe`; otherwise the object's own name (its last key segment).
 */
export function downloadName(requested: string | null, key: string, type: string): string {
  const own = key.split('/').pop() || 'download';
  const ext = /\.([^./]+)$/.exec(requested ?? '')?.[1]?.toLowerCase();
  const base = type.split(';')[0]!.trim().toLowerCase();
  return ext && EXTENSIONS[base]?.includes(ext) ? requested! : own;
}
