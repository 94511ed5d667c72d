/**
 * The demo photos' renditions (issue 44), kept on disk between seeds: the demo art is
 * deterministic, so every fresh database (`npm start`, the e2e suite's server) would make the
 * same files again, most of the seed's time on a small machine. Kept by the crop's SHA-256,
 * under a folder named by the encoders' source (make-renditions.ts, renditions.ts), so a change
 * of widths or quality makes them anew; other sources' folders go once a day old (not at once:
 * two checkouts of different sources may seed on one machine).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { Renditions } from '../functions/_shared/image/make-renditions.ts';
import { RENDITION_SUFFIXES } from '../functions/_shared/image/renditions.ts';

let folder: string | null = null;

/** This source's folder, made on first use (and other sources' stale ones removed). */
function cacheFolder(): string {
  if (folder) return folder;
  // Resolved here, not on import: unit tests import the seed's drawing under jsdom, where import.meta.url is no file.
  const ROOT = fileURLToPath(new URL('../../node_modules/.cache/seed-renditions/', import.meta.url));
  const SOURCES = ['make-renditions.ts', 'renditions.ts'].map((f) => new URL(`../functions/_shared/image/${f}`, import.meta.url));
  const version = createHash('sha256').update(SOURCES.map((u) => readFileSync(u)).join('\0')).digest('hex').slice(0, 16);
  mkdirSync(`${ROOT}${version}`, { recursive: true });
  for (const other of readdirSync(ROOT)) {
    const age = Date.now() - (statSync(`${ROOT}${other}`, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (other !== version && age > 86_400_000) rmSync(`${ROOT}${other}`, { recursive: true, force: true });
  }
  return (folder = `${ROOT}${version}/`);
}

function read(file: string): Renditions | null {
  try {
    const kept = deserialize(readFileSync(file)) as Renditions;
    return kept.files.length === RENDITION_SUFFIXES.length ? kept : null;
  } catch {
    return null; // not made yet, or unreadable: made again
  }
}

/**
 * The crop's renditions from the disk, else `make`'s, then kept: written whole, then renamed (a
 * crash leaves no half file); a failed write (another seed removed the folder) only costs the next run.
 */
export async function cachedRenditions(crop: Uint8Array, make: (crop: Uint8Array) => Promise<Renditions>): Promise<Renditions> {
  const file = `${cacheFolder()}${createHash('sha256').update(crop).digest('hex')}`;
  const kept = read(file);
  if (kept) return kept;
  const made = await make(crop);
  try {
    writeFileSync(`${file}.${process.pid}.tmp`, serialize(made));
    renameSync(`${file}.${process.pid}.tmp`, file);
  } catch {
    // made again next time
  }
  return made;
}
