import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep, isAbsolute } from 'node:path';
import { ERR } from './errors.ts';

/** Bucket ids: S3-safe characters, never a dot-only name (they would be folders on disk). */
const BUCKET_NAME = /^[A-Za-z0-9_\-.!*'() &$@=;:+,?]{1,100}$/;

/** Why: bucket ids become folder names on disk; refuse anything that is not a plain name. */
export function assertBucketName(name: string): void {
  if (!BUCKET_NAME.test(name) || name === '.' || name === '..' || name.includes('/')) throw ERR.invalidBucketName();
}

/**
 * Why: object keys become relative file paths; this refuses every way out of the bucket folder
 * (`..`, absolute paths, NUL and control characters, backslashes, empty segments).
 */
export function assertObjectKey(key: string): void {
  const bad =
    key.length === 0 ||
    key.length > 1024 ||
    // Control characters are refused in object names, as Storage does.
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f\\]/.test(key) ||
    key.startsWith('/') ||
    isAbsolute(key) ||
    key.split('/').some((seg) => seg === '' || seg === '.' || seg === '..');
  if (bad) throw ERR.invalidKey(key);
}

/**
 * Moves a file into its folder. A delete that empties the same folder prunes it (see prune),
 * and can do so between mkdir and rename: the folder is made again and the move retried.
 */
async function placeFile(from: string, target: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await mkdir(dirname(target), { recursive: true });
      await rename(from, target);
      return;
    } catch (err) {
      const folderPruned = (err as NodeJS.ErrnoException).code === 'ENOENT' && (await stat(from).then(() => true, () => false));
      if (!folderPruned || attempt === 5) throw err;
    }
  }
}

/** Object bytes under `<root>/<bucket>/<key>`, with staging files written beside the root. */
export class FileStore {
  readonly root: string;
  private readonly staging: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'storage');
    this.staging = resolve(dataDir, 'storage-staging');
  }

  /** Why: every path the store touches goes through here, so none can leave the root. */
  pathFor(bucket: string, key?: string): string {
    assertBucketName(bucket);
    if (key !== undefined) assertObjectKey(key);
    const full = resolve(this.root, bucket, ...(key ? key.split('/') : []));
    const rel = relative(this.root, full);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || !rel.startsWith(bucket + (key ? sep : ''))) {
      throw ERR.invalidKey(key ?? bucket);
    }
    return full;
  }

  /** Why: bytes go to a staging file first and are moved into place only once the row commits. */
  async stage(bytes: Uint8Array): Promise<string> {
    await mkdir(this.staging, { recursive: true });
    const file = join(this.staging, randomUUID());
    await writeFile(file, bytes);
    return file;
  }

  /** Staging copy of an existing object (for copy), or null when its file is missing. */
  async stageCopy(bucket: string, key: string): Promise<string | null> {
    await mkdir(this.staging, { recursive: true });
    const file = join(this.staging, randomUUID());
    try {
      await copyFile(this.pathFor(bucket, key), file);
      return file;
    } catch {
      return null;
    }
  }

  async commit(staged: string, bucket: string, key: string): Promise<void> {
    await placeFile(staged, this.pathFor(bucket, key));
  }

  async discard(staged: string | null | undefined): Promise<void> {
    if (staged) await rm(staged, { force: true });
  }

  async read(bucket: string, key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathFor(bucket, key));
    } catch {
      return null;
    }
  }

  async size(bucket: string, key: string): Promise<number | null> {
    try {
      return (await stat(this.pathFor(bucket, key))).size;
    } catch {
      return null;
    }
  }

  async move(fromBucket: string, fromKey: string, toBucket: string, toKey: string): Promise<void> {
    try {
      await placeFile(this.pathFor(fromBucket, fromKey), this.pathFor(toBucket, toKey));
    } catch (err) {
      // The row moved already; a missing source file stays missing (downloads answer NoSuchKey).
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    await this.prune(fromBucket, fromKey);
  }

  async remove(bucket: string, key: string): Promise<void> {
    await unlink(this.pathFor(bucket, key)).catch(() => undefined);
    await this.prune(bucket, key);
  }

  async removeBucket(bucket: string): Promise<void> {
    await rm(this.pathFor(bucket), { recursive: true, force: true });
  }

  /** Removes folders left empty by a delete, up to the bucket folder. */
  private async prune(bucket: string, key: string): Promise<void> {
    const top = this.pathFor(bucket);
    let dir = dirname(this.pathFor(bucket, key));
    while (dir.startsWith(top + sep)) {
      try {
        await rmdir(dir);
      } catch {
        return;
      }
      dir = dirname(dir);
    }
  }
}
