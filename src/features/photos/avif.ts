/**
 * The AVIF renditions of an uploaded crop, made by avif.worker.ts (issue 44). The worker, and
 * with it the encoder's wasm, is started by the first call only (after an upload), then reused.
 */
import type { AvifReply, AvifRequest } from './avif.worker.ts';
import type { AvifWidth } from './model.ts';

export interface AvifRendition {
  /** the width it is named by (AVIF_WIDTHS); a narrower crop's file is its own width */
  width: AvifWidth;
  blob: Blob;
}

const waiting = new Map<number, { resolve: (renditions: AvifRendition[]) => void; reject: (err: Error) => void }>();
let worker: Worker | null = null;
let nextId = 0;

/** Every waiting crop fails, and the next call starts a new worker. */
function dropWorker(w: Worker) {
  if (worker !== w) return;
  worker = null;
  w.terminate();
  for (const { reject } of waiting.values()) reject(new Error('AVIF worker failed'));
  waiting.clear();
}

function theWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./avif.worker.ts', import.meta.url), { type: 'module', name: 'avif' });
  w.onmessage = (event: MessageEvent<AvifReply>) => {
    const reply = event.data;
    const call = waiting.get(reply.id);
    if (!call) return;
    waiting.delete(reply.id);
    if ('failed' in reply) call.reject(new Error('AVIF encoding failed'));
    else call.resolve(reply.renditions);
  };
  // A worker that cannot load or throws: its requests fail, quietly (preventDefault keeps it off the console).
  w.onerror = (event) => {
    event.preventDefault();
    dropWorker(w);
  };
  w.onmessageerror = () => dropWorker(w);
  worker = w;
  return w;
}

/**
 * The crop's AVIF files, one per AVIF_WIDTHS (photo-avif's `avif-<width>` parts). Rejects when
 * this browser cannot make them (no module workers, no OffscreenCanvas, the wasm not loaded).
 */
export function encodeAvifRenditions(crop: Blob): Promise<AvifRendition[]> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    try {
      theWorker().postMessage({ id, crop } satisfies AvifRequest);
    } catch (err) {
      waiting.delete(id);
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
