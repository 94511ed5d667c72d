import type { RequestAuth } from '../db/types.ts';
import { json } from '../http.ts';
import type { ApiModule, Platform } from '../platform.ts';
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket, type StorageContext } from './buckets.ts';
import { ERR, toStorageError } from './errors.ts';
import { FileStore } from './files.ts';
import { drain, readJsonBody } from './upload.ts';
import {
  copyObject,
  downloadObject,
  listObjects,
  moveObject,
  objectInfo,
  publicObject,
  removeObject,
  removeObjects,
  signObject,
  signObjects,
  signedObject,
  signUpload,
  uploadObject,
  uploadSigned,
} from './objects.ts';

type Body = Record<string, unknown>;

/** Percent-decodes each path segment (clients send keys unencoded, URL parsing encodes some). */
function decodeSegments(path: string): string[] {
  try {
    return path
      .split('/')
      .slice(1)
      .map((s) => decodeURIComponent(s));
  } catch {
    throw ERR.invalidRequest('Invalid path encoding');
  }
}

/** Supabase Storage (storage-api) under /storage/v1: buckets, objects, public and signed URLs. */
export async function createStorageApi(p: Platform): Promise<ApiModule> {
  const ctx: StorageContext = { p, files: new FileStore(p.config.dataDir) };

  const body = async (req: Request): Promise<Body> => {
    const value = await readJsonBody(req, p.config.maxBodyBytes);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {};
  };

  async function route(req: Request, path: string): Promise<Response> {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const seg = decodeSegments(path);
    const [area, second] = seg;
    const auth = (): Promise<RequestAuth> => p.jwt.authenticate(req.headers);

    if (area === 'bucket') {
      const id = seg[1];
      if (seg.length === 1 || (seg.length === 2 && id === '')) {
        if (method === 'GET') return listBuckets(ctx, await auth(), new URL(req.url).searchParams);
        if (method === 'POST') return createBucket(ctx, await auth(), await body(req));
      } else if (id && seg.length === 2) {
        if (method === 'GET') return getBucket(ctx, await auth(), id);
        if (method === 'PUT') return updateBucket(ctx, await auth(), id, await body(req));
        if (method === 'DELETE') return deleteBucket(ctx, await auth(), id);
      } else if (id && seg.length === 3 && seg[2] === 'empty' && method === 'POST') {
        return emptyBucket(ctx, await auth(), id);
      }
      throw ERR.notFound();
    }

    // Image transformation: the same objects, resized on the way out.
    if (area === 'render' && second === 'image' && method === 'GET' && seg.length >= 5) {
      const [kind, bucket, ...parts] = seg.slice(2);
      if (kind === 'public') return publicObject(ctx, req, bucket!, parts.join('/'));
      if (kind === 'authenticated') return downloadObject(ctx, req, await auth(), bucket!, parts.join('/'));
      if (kind === 'sign') return signedObject(ctx, req, bucket!, parts.join('/'));
      throw ERR.notFound();
    }

    if (area !== 'object' || !second) throw ERR.notFound();
    const rest = seg.slice(2);
    const keyOf = (parts: string[]) => parts.join('/');

    // Routes without a bucket in the path.
    if (seg.length === 2 && method === 'POST' && second === 'move') return moveObject(ctx, await auth(), await body(req));
    if (seg.length === 2 && method === 'POST' && second === 'copy') return copyObject(ctx, req, await auth(), await body(req));

    if (second === 'list' && rest.length === 1 && method === 'POST') return listObjects(ctx, await auth(), rest[0]!, await body(req));
    if (second === 'public' && rest.length >= 2 && method === 'GET') return publicObject(ctx, req, rest[0]!, keyOf(rest.slice(1)));
    if (second === 'authenticated' && rest.length >= 2 && method === 'GET') {
      return downloadObject(ctx, req, await auth(), rest[0]!, keyOf(rest.slice(1)));
    }
    if (second === 'info' && rest.length >= 2) {
      const [kind, ...more] = rest;
      if (kind === 'public' && more.length >= 2) return objectInfo(ctx, null, more[0]!, keyOf(more.slice(1)));
      if (kind === 'authenticated' && more.length >= 2) return objectInfo(ctx, await auth(), more[0]!, keyOf(more.slice(1)));
      return objectInfo(ctx, await auth(), rest[0]!, keyOf(rest.slice(1)));
    }
    if (second === 'upload' && rest[0] === 'sign' && rest.length >= 3) {
      const [, bucket, ...parts] = rest;
      if (method === 'POST') return signUpload(ctx, req, await auth(), bucket!, keyOf(parts));
      if (method === 'PUT') return uploadSigned(ctx, req, bucket!, keyOf(parts));
    }
    if (second === 'sign' && rest.length >= 1) {
      if (method === 'GET' && rest.length >= 2) return signedObject(ctx, req, rest[0]!, keyOf(rest.slice(1)));
      if (method === 'POST' && rest.length === 1) return signObjects(ctx, await auth(), rest[0]!, await body(req));
      if (method === 'POST') return signObject(ctx, await auth(), rest[0]!, keyOf(rest.slice(1)), await body(req));
    }

    // /object/:bucket and /object/:bucket/:key
    const bucket = second;
    if (rest.length === 0) {
      if (method === 'DELETE') return removeObjects(ctx, await auth(), bucket, await body(req));
      throw ERR.notFound();
    }
    const key = keyOf(rest);
    if (method === 'POST' || method === 'PUT') return uploadObject(ctx, req, await auth(), bucket, key);
    if (method === 'GET') return downloadObject(ctx, req, await auth(), bucket, key);
    if (method === 'DELETE') return removeObject(ctx, await auth(), bucket, key);
    throw ERR.notFound();
  }

  return {
    prefix: '/storage/v1',
    async handle(req, path) {
      try {
        return await route(req, path);
      } catch (err) {
        const e = toStorageError(err);
        if (e.statusCode >= 500) p.log('storage', `${req.method} ${path}: ${(err as Error)?.stack ?? String(err)}`);
        // Drain an unread upload body so the connection stays usable for the client.
        drain(req);
        return json(e.render(), e.httpStatus);
      }
    },
  };
}
