/**
 * Image work in the browser: reading a chosen file, HEIC conversion (heic-to, loaded only for
 * a HEIC file), the metadata-free original and the 4:5 JPEG crop drawn on a canvas.
 */
import { t } from '@/lib/catalogue/screens.ts';
import { imageSize } from '../../../supabase/functions/_shared/image/index.ts';
import { stripMetadata } from './metadata.ts';
import { checkFile, cropRect, JPEG_QUALITY, MAX_PIXELS, outputSize, type Area, type ImageKind } from './model.ts';

const c = t.photos.crop;

/** A failure with the Italian message to show. */
export class PhotoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PhotoError';
  }
}

/** A chosen file checked and made safe: an original without metadata, ready for the crop dialog. */
export interface SourcePhoto {
  /** The original as it will be stored: no EXIF/XMP/text, HEIC converted to JPEG. */
  original: Blob;
}

/** A blob's bytes (FileReader where Blob.arrayBuffer is missing: older Safari, jsdom). */
export function readBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer().then((b) => new Uint8Array(b));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });
}

const head = (file: Blob) => readBytes(file.slice(0, 16));

/** HEIC (iPhone) to JPEG: decoded pixels only, so nothing of the source's metadata survives. */
async function heicToJpeg(file: Blob): Promise<Blob> {
  const { heicTo } = await import('heic-to');
  return heicTo({ blob: file, type: 'image/jpeg', quality: 0.92 });
}

const mimeOf: Record<Exclude<ImageKind, 'heic'>, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Checks a chosen file (bytes, size) and returns its metadata-free original, or throws a PhotoError. */
export async function readSource(file: File): Promise<SourcePhoto> {
  const checked = checkFile(file, await head(file));
  if ('error' in checked) throw new PhotoError(checked.error);
  try {
    let kind = checked.kind;
    let blob: Blob = file;
    if (kind === 'heic') {
      blob = await heicToJpeg(file);
      kind = 'jpeg';
    }
    const bytes = await readBytes(blob);
    // The server refuses it anyway; said now, from the header, before the phone decodes it.
    const { width, height } = imageSize(bytes);
    if (width * height > MAX_PIXELS) throw new PhotoError(t.photos.validation.tooLarge(file.name));
    const original = new Blob([stripMetadata(bytes, kind) as BlobPart], { type: mimeOf[kind] });
    // A file whose header looks right but which no decoder can read is refused here, not at upload.
    (await decode(original)).close();
    return { original };
  } catch (err) {
    if (err instanceof PhotoError) throw err;
    throw new PhotoError(t.photos.validation.unreadable(file.name));
  }
}

/** The picture upright: EXIF orientation applied ('from-image'), as every browser shows it. */
export function decode(blob: Blob): Promise<ImageBitmap> {
  return createImageBitmap(blob, { imageOrientation: 'from-image' });
}

/**
 * The 4:5 crop of `source` as a JPEG (quality 0.95). The canvas draws pixels only, so the
 * result carries no metadata at all. `area` is in the upright picture's pixels.
 */
export async function cropToJpeg(source: Blob, area: Area | null): Promise<Blob> {
  if (!area) throw new PhotoError(c.noArea);
  let bitmap: ImageBitmap;
  try {
    bitmap = await decode(source);
  } catch {
    throw new PhotoError(c.failed);
  }
  try {
    const rect = cropRect(area, bitmap);
    if (!rect) throw new PhotoError(c.noArea);
    const size = outputSize(rect);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new PhotoError(c.noContext);
    ctx.imageSmoothingQuality = 'high';
    // PNG/WebP transparency becomes white, not JPEG's black.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
    ctx.drawImage(bitmap, rect.x, rect.y, rect.width, rect.height, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    if (!blob || blob.size === 0) throw new PhotoError(c.emptyBlob);
    return blob;
  } catch (err) {
    if (err instanceof PhotoError) throw err;
    throw new PhotoError(c.failed);
  } finally {
    bitmap.close();
  }
}
