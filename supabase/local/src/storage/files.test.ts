import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFileSizeLimit } from './buckets.ts';
import { StorageError } from './errors.ts';
import { assertObjectKey, FileStore } from './files.ts';
import { mimeAllowed } from './upload.ts';

const dir = mkdtempSync(join(tmpdir(), 'files-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('object keys', () => {
  it('accepts ordinary keys', () => {
    for (const key of ['a.txt', 'user/photo 1.png', 'a/b/c/d.json', 'è/ñ.txt', '..a/b..', 'a/.hidden']) {
      expect(() => assertObjectKey(key), key).not.toThrow();
    }
  });

  it('refuses traversal, absolute paths, NUL, control characters and backslashes', () => {
    for (const key of ['', '..', '../x', 'a/../../x', 'a/./b', '/etc/passwd', 'a//b', 'a/', 'a\\..\\b', 'nul\u0000.txt', 'line\nbreak']) {
      expect(() => assertObjectKey(key), JSON.stringify(key)).toThrow(StorageError);
    }
  });
});

describe('FileStore.pathFor', () => {
  const store = new FileStore(dir);
  it('keeps every path under <dataDir>/storage/<bucket>', () => {
    expect(store.pathFor('avatars', 'u/a.png')).toBe(join(dir, 'storage', 'avatars', 'u', 'a.png'));
    expect(store.pathFor('avatars').startsWith(join(dir, 'storage') + sep)).toBe(true);
  });
  it('refuses bad bucket names and keys', () => {
    for (const [bucket, key] of [['..', 'x'], ['.', 'x'], ['a/b', 'x'], ['ok', '../x'], ['ok', '/abs']] as const) {
      expect(() => store.pathFor(bucket, key), `${bucket} ${key}`).toThrow(StorageError);
    }
  });
  it('stages and commits bytes, and removes empty folders on delete', async () => {
    const staged = await store.stage(new TextEncoder().encode('hi'));
    await store.commit(staged, 'b1', 'x/y/z.txt');
    expect((await store.read('b1', 'x/y/z.txt'))!.toString()).toBe('hi');
    await store.remove('b1', 'x/y/z.txt');
    expect(await store.read('b1', 'x/y/z.txt')).toBeNull();
    expect(await store.size('b1', 'x')).toBeNull();
  });
});

describe('mimeAllowed', () => {
  it('matches exact types, wildcards and ignores parameters and case', () => {
    expect(mimeAllowed('image/png', null)).toBe(true);
    expect(mimeAllowed('image/png', ['image/*'])).toBe(true);
    expect(mimeAllowed('IMAGE/PNG', ['image/png'])).toBe(true);
    expect(mimeAllowed('text/plain;charset=UTF-8', ['text/plain'])).toBe(true);
    expect(mimeAllowed('text/plain', ['image/*', 'application/pdf'])).toBe(false);
    expect(mimeAllowed('imagex/png', ['image/*'])).toBe(false);
    expect(mimeAllowed('anything/else', ['*/*'])).toBe(true);
  });
});

describe('parseFileSizeLimit', () => {
  it('reads bytes and unit strings', () => {
    expect(parseFileSizeLimit(1024)).toBe(1024);
    expect(parseFileSizeLimit('1MB')).toBe(1_000_000);
    expect(parseFileSizeLimit('20 kb')).toBe(20_000);
    expect(parseFileSizeLimit(null)).toBeNull();
    expect(() => parseFileSizeLimit('lots')).toThrow(StorageError);
  });
});

describe('FileStore.commit beside a delete', () => {
  it('places the file even when a delete empties and prunes the same folder meanwhile', async () => {
    const store = new FileStore(dir);
    for (let i = 0; i < 200; i++) {
      await store.commit(await store.stage(new Uint8Array([1])), 'race', `u/l${i}/old.jpg`);
      const staged = await store.stage(new Uint8Array([2]));
      await Promise.all([store.remove('race', `u/l${i}/old.jpg`), store.commit(staged, 'race', `u/l${i}/new.jpg`)]);
      expect(await store.read('race', `u/l${i}/new.jpg`)).toEqual(Buffer.from([2]));
    }
  });
});
