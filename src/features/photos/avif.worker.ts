/**
 * The AVIF renditions of an uploaded crop (issue 44, docs/decisions/0514-avif-encoded-by-the-browser.md),
 * made off the page's thread: decode the crop, resize it to each avifSizes(), encode it with
 * libaom (jSquash's single-threaded build: the multi-threaded one needs cross-origin isolation).
 * Started by avif.ts only when a photo has been uploaded, so the encoder's ~3.5 MB of wasm is
 * fetched then, never on a visitor's pages. One crop at a time, in the order asked.
 */
import avifEncoder from '@jsquash/avif/codec/enc/avif_enc.js';
import wasmUrl from '@jsquash/avif/codec/enc/avif_enc.wasm?url';
import { defaultOptions } from '@jsquash/avif/meta.js';
import { AVIF_QUALITY, AVIF_SPEED } from '../../../supabase/functions/_shared/image/renditions.ts';
import { avifSizes, type AvifWidth } from './model.ts';

/** The page asks: encode this crop. */
export interface AvifRequest {
  id: number;
  crop: Blob;
}
/** The worker answers: one AVIF file per width name (image/avif), or that it could not. */
export type AvifReply = { id: number; renditions: { width: AvifWidth; blob: Blob }[] } | { id: number; failed: true };

const scope = self as unknown as DedicatedWorkerGlobalScope;
const options = { ...defaultOptions, quality: AVIF_QUALITY, speed: AVIF_SPEED };

/** What this file uses of the Emscripten module (its .d.ts names a namespace it does not ship). */
interface AvifEncoder {
  encode(data: Uint8Array, width: number, height: number, options: typeof defaultOptions): Uint8Array | null;
}
const encoderFactory = avifEncoder as unknown as (overrides: object) => Promise<AvifEncoder>;

const silent = () => undefined;
let encoder: Promise<AvifEncoder> | null = null;

/** The encoder, instantiated once; a failed load (offline) is tried again with the next crop. */
function loadEncoder(): Promise<AvifEncoder> {
  if (encoder) return encoder;
  // The wasm's built URL (Vite emits it as an asset); Emscripten's own messages stay off the console.
  const loading = encoderFactory({ noInitialRun: true, locateFile: () => wasmUrl, print: silent, printErr: silent });
  encoder = loading;
  loading.catch(() => {
    if (encoder === loading) encoder = null;
  });
  return loading;
}

/** The crop's pixels at width x height: the browser's high-quality resampling, then read back as RGBA. */
async function resized(crop: ImageBitmap, width: number, height: number): Promise<ImageData> {
  const bitmap = await createImageBitmap(crop, { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' });
  try {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    // Already at size where createImageBitmap resized; a browser that ignored the options is scaled here.
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, width, height);
    return ctx.getImageData(0, 0, width, height);
  } finally {
    bitmap.close();
  }
}

async function encodeAll(blob: Blob): Promise<{ width: AvifWidth; blob: Blob }[]> {
  const module = loadEncoder();
  const crop = await createImageBitmap(blob);
  try {
    const sizes = avifSizes(crop.width, crop.height);
    if (!sizes.length) throw new Error('empty crop');
    const out: { width: AvifWidth; blob: Blob }[] = [];
    for (const size of sizes) {
      const pixels = await resized(crop, size.width, size.height);
      const bytes = (await module).encode(new Uint8Array(pixels.data.buffer), size.width, size.height, options);
      if (!bytes) throw new Error('AVIF encoding failed');
      out.push({ width: size.name, blob: new Blob([bytes as BlobPart], { type: 'image/avif' }) });
    }
    return out;
  } finally {
    crop.close();
  }
}

let queue: Promise<void> = Promise.resolve();

scope.onmessage = (event: MessageEvent<AvifRequest>) => {
  const { id, crop } = event.data;
  queue = queue
    .then(() => encodeAll(crop))
    .then(
      (renditions) => scope.postMessage({ id, renditions } satisfies AvifReply),
      () => scope.postMessage({ id, failed: true } satisfies AvifReply),
    );
};
// A failure is the page's to hear about as a reply, never an error on the console.
scope.addEventListener('unhandledrejection', (event) => event.preventDefault());
