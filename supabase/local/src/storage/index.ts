import type { RequestAuth } from '../db/types.ts';
import { json } from '../http.ts';
import type { ApiModule, Platform } from '../core/types.ts';
import { createRouter, routeBuilder, type Route } from '../router.ts';
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

/** none: public and signed URLs (the signature is the check); jwt: the caller's role, for RLS. */
type StorageGuards = { none: null; jwt: RequestAuth };

/** The routes of storage-api that supabase-js calls; order matters where paths overlap. */
function storageRoutes(ctx: StorageContext): Route<StorageGuards>[] {
  const body = async (req: Request): Promise<Body> => {
    const value = await readJsonBody(req, ctx.p.config.maxBodyBytes);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {};
  };
  const r = routeBuilder<StorageGuards>();
  return [
    r('GET', '/bucket/?', 'jwt', async (req, _, auth) => listBuckets(ctx, auth, new URL(req.url).searchParams)),
    r('POST', '/bucket/?', 'jwt', async (req, _, auth) => createBucket(ctx, auth, await body(req))),
    r('GET', '/bucket/:id', 'jwt', async (_, { id }, auth) => getBucket(ctx, auth, id)),
    r('PUT', '/bucket/:id', 'jwt', async (req, { id }, auth) => updateBucket(ctx, auth, id, await body(req))),
    r('DELETE', '/bucket/:id', 'jwt', async (_, { id }, auth) => deleteBucket(ctx, auth, id)),
    r('POST', '/bucket/:id/empty', 'jwt', async (_, { id }, auth) => emptyBucket(ctx, auth, id)),

    // Image transformation: the same objects, resized on the way out.
    r('GET', '/render/image/public/:b/*key', 'none', async (req, { b, key }) => publicObject(ctx, req, b, key)),
    r('GET', '/render/image/authenticated/:b/*key', 'jwt', async (req, { b, key }, auth) => downloadObject(ctx, req, auth, b, key)),
    r('GET', '/render/image/sign/:b/*key', 'none', async (req, { b, key }) => signedObject(ctx, req, b, key)),

    // Routes whose first word is not a bucket; the same paths with other methods fall through
    // to the bucket routes below (a bucket may be called "public" or "sign").
    r('POST', '/object/move', 'jwt', async (req, _, auth) => moveObject(ctx, auth, await body(req))),
    r('POST', '/object/copy', 'jwt', async (req, _, auth) => copyObject(ctx, req, auth, await body(req))),
    r('POST', '/object/list/:b', 'jwt', async (req, { b }, auth) => listObjects(ctx, auth, b, await body(req))),
    r('GET', '/object/public/:b/*key', 'none', async (req, { b, key }) => publicObject(ctx, req, b, key)),
    r('GET', '/object/authenticated/:b/*key', 'jwt', async (req, { b, key }, auth) => downloadObject(ctx, req, auth, b, key)),
    r('*', '/object/info/public/:b/*key', 'none', async (_, { b, key }) => objectInfo(ctx, null, b, key)),
    r('*', '/object/info/authenticated/:b/*key', 'jwt', async (_, { b, key }, auth) => objectInfo(ctx, auth, b, key)),
    r('*', '/object/info/:b/*key', 'jwt', async (_, { b, key }, auth) => objectInfo(ctx, auth, b, key)),
    r('POST', '/object/upload/sign/:b/*key', 'jwt', async (req, { b, key }, auth) => signUpload(ctx, req, auth, b, key)),
    r('PUT', '/object/upload/sign/:b/*key', 'none', async (req, { b, key }) => uploadSigned(ctx, req, b, key)),
    r('GET', '/object/sign/:b/*key', 'none', async (req, { b, key }) => signedObject(ctx, req, b, key)),
    r('POST', '/object/sign/:b', 'jwt', async (req, { b }, auth) => signObjects(ctx, auth, b, await body(req))),
    r('POST', '/object/sign/:b/*key', 'jwt', async (req, { b, key }, auth) => signObject(ctx, auth, b, key, await body(req))),

    r('DELETE', '/object/:b', 'jwt', async (req, { b }, auth) => removeObjects(ctx, auth, b, await body(req))),
    r(['POST', 'PUT'], '/object/:b/*key', 'jwt', async (req, { b, key }, auth) => uploadObject(ctx, req, auth, b, key)),
    r('GET', '/object/:b/*key', 'jwt', async (req, { b, key }, auth) => downloadObject(ctx, req, auth, b, key)),
    r('DELETE', '/object/:b/*key', 'jwt', async (_, { b, key }, auth) => removeObject(ctx, auth, b, key)),
  ];
}

/** Clients send keys unencoded and URL parsing encodes some characters: each segment is decoded. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw ERR.invalidRequest('Invalid path encoding');
  }
}

/** Supabase Storage (storage-api) under /storage/v1: buckets, objects, public and signed URLs. */
export async function createStorageApi(p: Platform): Promise<ApiModule> {
  const ctx: StorageContext = { p, files: new FileStore(p.config.dataDir) };
  const route = createRouter(storageRoutes(ctx), { none: async () => null, jwt: (req) => p.jwt.authenticate(req.headers) }, decodeSegment);

  return {
    prefix: '/storage/v1',
    async handle(req, path) {
      try {
        // A path that does not decode is refused first, before the caller's token is looked at.
        path.split('/').forEach(decodeSegment);
        // HEAD is a GET whose body the server drops.
        const res = await route(req, path, req.method === 'HEAD' ? 'GET' : req.method);
        if (!res) throw ERR.notFound();
        return res;
      } catch (err) {
        const e = toStorageError(err);
        // Server faults are logged; a render turned away as busy (503) is shed load, not a fault.
        if (e.httpStatus === 500) p.log('storage', `${req.method} ${path}: ${(err as Error)?.stack ?? String(err)}`);
        // Drain an unread upload body so the connection stays usable for the client.
        drain(req);
        return json(e.render(), e.httpStatus, e.reply.headers);
      }
    },
  };
}
