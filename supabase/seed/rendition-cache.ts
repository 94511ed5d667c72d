/**
 * The demo photos' upload work (hash-task.ts uploadWork: the pHashes and the renditions, issue
 * 44, with the AVIF ones photo-avif would make), kept on disk between seeds: the demo art is
 * deterministic, so every fresh database (`npm start`, the e2e suite's server) would decode and encode the same pictures again, most of
 * the seed's time on a small machine. Kept by the SHA-256 of the crop and the original, under a
 * folder named by the source of the code that makes it (hash-task.ts and _shared/image/), so a
 * change of widths, quality or hashing makes it anew; other sources' folders go once a day old
 * (not at once: two checkouts of different sources may seed on one machine).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { UploadWork } from '../functions/listing-photo/hash-task.ts';
import { AVIF_SUFFIXES, RENDITION_SUFFIXES } from '../functions/_shared/image/renditions.ts';

let folder: string | null = null;

/** This source's folder, made on first use (and other sources' stale ones removed). */
function cacheFolder(): string {
  if (folder) return folder;
  // Resolved here, not on import: unit tests import the seed's drawing under jsdom, where import.meta.url is no file.
  const ROOT = fileURLToPath(new URL('../../node_modules/.cache/seed-renditions/', import.meta.url));
  const image = new URL('../functions/_shared/image/', import.meta.url);
  const sources = [
    new URL('../functions/listing-photo/hash-task.ts', import.meta.url),
    ...readdirSync(image).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort().map((f) => new URL(f, image)),
  ];
  const version = createHash('sha256').update(sources.map((u) => readFileSync(u)).join('\0')).digest('hex').slice(0, 16);
  mkdirSync(`${ROOT}${version}`, { recursive: true });
  for (const other of readdirSync(ROOT)) {
    const age = Date.now() - (statSync(`${ROOT}${other}`, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (other !== version && age > 86_400_000) rmSync(`${ROOT}${other}`, { recursive: true, force: true });
  }
  return (folder = `${ROOT}${version}/`);
}

function read(file: string): UploadWork | null {
  try {
    const kept = deserialize(readFileSync(file)) as UploadWork;
    return kept.renditions.files.length === RENDITION_SUFFIXES.length + AVIF_SUFFIXES.length ? kept : null;
  } catch {
    return null; // not made yet, or unreadable: made again
  }
}

/**
 * The photo's upload work from the disk, else `make`'s, then kept: written whole, then renamed
 * (a crash leaves no half file); a failed write (another seed removed the folder) only costs the
 * next run. 'broken' is answered, never kept.
 */
export async function cachedUploadWork(
  crop: Uint8Array,
  original: Uint8Array,
  make: (crop: Uint8Array, original: Uint8Array) => Promise<UploadWork | 'broken'>,
): Promise<UploadWork | 'broken'> {
  const file = `${cacheFolder()}${createHash('sha256').update(crop).update('\0').update(original).digest('hex')}`;
  const kept = read(file);
  if (kept) return kept;
  const made = await make(crop, original);
  if (made === 'broken') return made;
  try {
    writeFileSync(`${file}.${process.pid}.tmp`, serialize(made));
    renameSync(`${file}.${process.pid}.tmp`, file);
  } catch {
    // made again next time
  }
  return made;
}
