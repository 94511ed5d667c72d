import { createHash, randomUUID } from 'node:crypto';
import type { RequestAuth } from '../db/types.ts';
import { json } from '../http.ts';
import { findBucket, type StorageContext } from './buckets.ts';
import { ERR } from './errors.ts';
import { assertObjectKey } from './files.ts';
import { renderImage, transformFrom, type ImageTransform } from './render.ts';
import { downloadName, servedType } from './served-type.ts';
import { mimeAllowed, readUpload } from './upload.ts';

type Body = Record<string, unknown>;

interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

const OBJECT_JSON = `(to_jsonb(o) - 'path_tokens') as object`;

function ownerOf(auth: RequestAuth): { owner: string | null; ownerId: string | null } {
  const sub = typeof auth.claims.sub === 'string' && auth.claims.sub ? auth.claims.sub : null;
  return { owner: sub && /^[0-9a-f-]{36}$/i.test(sub) ? sub : null, ownerId: sub };
}

function str(value: unknown, name: string): string {
  if (typeof value !== 'string' || !value) throw ERR.invalidRequest(`body must have required property '${name}'`);
  return value;
}

/**
 * POST (x-upsert) and PUT /object/:bucket/:key. The row is written as the caller, so RLS on
 * storage.objects decides (insert; upsert also needs select and update). The bytes are staged
 * inside the transaction and moved into place only after it commits.
 */
export async function uploadObject(
  ctx: StorageContext,
  req: Request,
  auth: RequestAuth,
  bucketId: string,
  key: string,
  upsertOverride?: boolean,
): Promise<Response> {
  assertObjectKey(key);
  const bucket = await findBucket(ctx, bucketId);
  const limit = Math.min(bucket.fileSizeLimit ?? Infinity, ctx.p.config.storageFileSizeLimit);
  const file = await readUpload(req, limit);
  if (!mimeAllowed(file.mimetype, bucket.allowedMimeTypes)) throw ERR.invalidMimeType(file.mimetype);
  const upsert = upsertOverride ?? (req.method === 'PUT' || req.headers.get('x-upsert') === 'true');
  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size: file.bytes.byteLength,
    mimetype: file.mimetype,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.bytes.byteLength,
    httpStatusCode: 200,
  };
  const { owner, ownerId } = ownerOf(auth);
  let staged: string | null = null;
  try {
    const id = await ctx.p.db.asRole(auth, async (tx) => {
      // No RETURNING on a plain insert: that would also demand a select policy.
      const fresh = randomUUID();
      const r = await tx.query<{ id: string }>(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, gen_random_uuid()::text)
         ${
           upsert
             ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
                metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
                updated_at = now(), last_accessed_at = now()
                returning id`
             : ''
         }`,
        [fresh, bucketId, key, owner, ownerId, JSON.stringify(metadata), file.userMetadata ? JSON.stringify(file.userMetadata) : null],
      );
      if (r.rowCount === 0) throw ERR.accessDenied('new row violates row-level security policy');
      staged = await ctx.files.stage(file.bytes);
      return upsert ? (r.rows[0]?.id ?? fresh) : fresh;
    });
    try {
      await ctx.files.commit(staged!, bucketId, key);
      staged = null;
    } catch (err) {
      // The row committed but the bytes could not be placed: undo a fresh insert.
      if (!upsert) await ctx.p.db.query('delete from storage.objects where id = $1', [id]).catch(() => undefined);
      throw err;
    }
    return json({ Id: id, Key: `${bucketId}/${key}` });
  } finally {
    await ctx.files.discard(staged);
  }
}

interface StoredObject {
  metadata: Partial<ObjectMetadata> | null;
  updated_at: string | null;
}

/** Why: one place builds the download response (headers, ETag revalidation, ?download). */
async function serveObject(
  ctx: StorageContext,
  req: Request,
  bucketId: string,
  key: string,
  row: StoredObject,
  transform: ImageTransform | null = requestedTransform(req),
): Promise<Response> {
  // Read once at most: a render that finds no image leaves the bytes for the original's answer.
  let stored: Promise<Uint8Array> | undefined;
  const read = () =>
    (stored ??= ctx.files.read(bucketId, key).then((bytes) => {
      if (!bytes) throw ERR.noSuchKey();
      return bytes;
    }));
  const meta = { ...(row.metadata ?? {}) };
  // A rendition already made is served without reading the stored file again.
  const rendered = transform
    ? await renderImage(read, meta.mimetype ?? '', transform, {
        acceptsWebp: /image\/webp/i.test(req.headers.get('accept') ?? ''),
        source: `${bucketId}/${key}@${meta.eTag ?? row.updated_at}`,
      })
    : null;
  if (rendered) meta.eTag = rendered.eTag;
  const bytes = rendered?.bytes ?? (await read());
  const type = rendered?.mimetype ?? servedType(meta.mimetype, bytes);
  const headers: Record<string, string> = {
    'content-type': type,
    // Browsers must not second-guess the type (and run an "image" as a page or script).
    'x-content-type-options': 'nosniff',
    'cache-control': meta.cacheControl ?? 'no-cache',
    'content-length': String(bytes.byteLength),
    'accept-ranges': 'bytes',
  };
  // The format of a transformed image follows the client's Accept header.
  if (transform) headers.vary = 'Accept';
  if (meta.eTag) headers.etag = meta.eTag;
  const modified = meta.lastModified ?? row.updated_at;
  if (modified && !Number.isNaN(Date.parse(modified))) headers['last-modified'] = new Date(modified).toUTCString();
  const url = new URL(req.url);
  if (url.searchParams.has('download')) {
    const name = downloadName(url.searchParams.get('download'), key, type);
    const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
    headers['content-disposition'] = `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
  }
  if (meta.eTag && req.headers.get('if-none-match') === meta.eTag) {
    delete headers['content-length'];
    return new Response(null, { status: 304, headers });
  }
  return new Response(new Uint8Array(bytes), { status: 200, headers });
}

/** /render/image/… routes carry the transformation in the query string. */
function requestedTransform(req: Request): ImageTransform | null {
  const url = new URL(req.url);
  return url.pathname.includes('/render/image/') ? transformFrom(url) : null;
}

const SELECT_STORED = 'select metadata, to_jsonb(updated_at) #>> \'{}\' as updated_at from storage.objects where bucket_id = $1 and name = $2';

/** GET /object/(authenticated/):bucket/:key: only what the caller may select (RLS). */
export async function downloadObject(ctx: StorageContext, req: Request, auth: RequestAuth, bucketId: string, key: string): Promise<Response> {
  assertObjectKey(key);
  await findBucket(ctx, bucketId);
  const r = await ctx.p.db.asRole(auth, (tx) => tx.query<StoredObject>(SELECT_STORED, [bucketId, key]));
  if (!r.rows[0]) throw ERR.noSuchKey();
  return serveObject(ctx, req, bucketId, key, r.rows[0]);
}

/** GET /object/public/:bucket/:key: no auth, public buckets only (used by <img> tags). */
export async function publicObject(ctx: StorageContext, req: Request, bucketId: string, key: string): Promise<Response> {
  assertObjectKey(key);
  const bucket = await findBucket(ctx, bucketId);
  if (!bucket.public) throw ERR.noSuchBucket();
  const r = await ctx.p.db.query<StoredObject>(SELECT_STORED, [bucketId, key]);
  if (!r.rows[0]) throw ERR.noSuchKey();
  return serveObject(ctx, req, bucketId, key, r.rows[0]);
}

/** GET /object/info/:bucket/:key: the object's row as storage-api's FileObjectV2. */
export async function objectInfo(ctx: StorageContext, auth: RequestAuth | null, bucketId: string, key: string): Promise<Response> {
  assertObjectKey(key);
  const bucket = await findBucket(ctx, bucketId);
  const sql = `select ${OBJECT_JSON} from storage.objects o where bucket_id = $1 and name = $2`;
  let rows: { object: Record<string, unknown> }[];
  if (auth) rows = (await ctx.p.db.asRole(auth, (tx) => tx.query<{ object: Record<string, unknown> }>(sql, [bucketId, key]))).rows;
  else if (bucket.public) rows = (await ctx.p.db.query<{ object: Record<string, unknown> }>(sql, [bucketId, key])).rows;
  else throw ERR.noSuchBucket();
  const o = rows[0]?.object;
  if (!o) throw ERR.noSuchKey();
  const meta = (o.metadata ?? {}) as Partial<ObjectMetadata>;
  return json({
    id: o.id,
    version: o.version,
    name: o.name,
    bucket_id: o.bucket_id,
    created_at: o.created_at,
    updated_at: o.updated_at,
    last_modified: meta.lastModified ?? o.updated_at,
    size: meta.size,
    cache_control: meta.cacheControl,
    content_type: meta.mimetype,
    etag: meta.eTag,
    metadata: o.user_metadata ?? {},
  });
}

interface ListRow {
  name: string;
  id: string;
  updated_at: string;
  created_at: string;
  last_accessed_at: string;
  metadata: unknown;
}

const SORTABLE = ['name', 'created_at', 'updated_at', 'last_accessed_at'] as const;

/**
 * POST /object/list/:bucket {prefix, limit, offset, sortBy, search}: the direct children of the
 * prefix "folder", sub-folders first (id null), names relative to the prefix, as storage.search.
 */
export async function listObjects(ctx: StorageContext, auth: RequestAuth, bucketId: string, body: Body): Promise<Response> {
  await findBucket(ctx, bucketId);
  let prefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+/, '') : '';
  if (prefix && !prefix.endsWith('/')) prefix += '/';
  const search = (typeof body.search === 'string' ? body.search : '').toLowerCase();
  const limit = Math.max(0, Math.floor(Number(body.limit ?? 100) || 100));
  const offset = Math.max(0, Math.floor(Number(body.offset ?? 0) || 0));
  const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
  const column = (SORTABLE as readonly string[]).includes(sortBy.column ?? '') ? (sortBy.column as (typeof SORTABLE)[number]) : 'name';
  const desc = String(sortBy.order ?? 'asc').toLowerCase() === 'desc';
  const r = await ctx.p.db.asRole(auth, (tx) =>
    tx.query<{ row: ListRow }>(
      `select jsonb_build_object('name', name, 'id', id, 'updated_at', updated_at, 'created_at', created_at,
         'last_accessed_at', last_accessed_at, 'metadata', metadata) as row
       from storage.objects where bucket_id = $1 and left(name, length($2)) = $2`,
      [bucketId, prefix],
    ),
  );
  const folders = new Set<string>();
  const files: ListRow[] = [];
  for (const { row } of r.rows) {
    const rest = row.name.slice(prefix.length);
    const slash = rest.indexOf('/');
    const child = slash === -1 ? rest : rest.slice(0, slash);
    if (!child.toLowerCase().startsWith(search)) continue;
    if (slash === -1) files.push({ ...row, name: child });
    else folders.add(child);
  }
  const dir = desc ? -1 : 1;
  const cmp = (a: string, b: string) => (a < b ? -dir : a > b ? dir : 0);
  const folderRows = [...folders].sort(cmp).map((name) => ({
    name,
    id: null,
    updated_at: null,
    created_at: null,
    last_accessed_at: null,
    metadata: null,
  }));
  files.sort((a, b) => cmp(String(a[column] ?? ''), String(b[column] ?? '')) || cmp(a.name, b.name));
  return json([...folderRows, ...files].slice(offset, offset + limit));
}

/** DELETE /object/:bucket {prefixes}: the rows the caller could delete (RLS), then their bytes. */
export async function removeObjects(ctx: StorageContext, auth: RequestAuth, bucketId: string, body: Body): Promise<Response> {
  await findBucket(ctx, bucketId);
  const raw = Array.isArray(body.prefixes) ? (body.prefixes as unknown[]) : null;
  if (!raw) throw ERR.invalidRequest("body must have required property 'prefixes'");
  const names = raw.map((entry) =>
    typeof entry === 'string' ? entry : entry && typeof entry === 'object' ? String((entry as { path?: unknown }).path ?? '') : '',
  );
  if (names.length === 0) return json([]);
  const r = await ctx.p.db.asRole(auth, (tx) =>
    tx.query<{ object: Record<string, unknown> }>(
      `delete from storage.objects o where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_JSON}`,
      [bucketId, names],
    ),
  );
  for (const { object } of r.rows) await ctx.files.remove(bucketId, String(object.name));
  return json(r.rows.map((row) => row.object));
}

/** DELETE /object/:bucket/:key */
export async function removeObject(ctx: StorageContext, auth: RequestAuth, bucketId: string, key: string): Promise<Response> {
  assertObjectKey(key);
  await findBucket(ctx, bucketId);
  const r = await ctx.p.db.asRole(auth, (tx) =>
    tx.query('delete from storage.objects where bucket_id = $1 and name = $2 returning id', [bucketId, key]),
  );
  if (r.rows.length === 0) throw ERR.noSuchKey();
  await ctx.files.remove(bucketId, key);
  return json({ message: 'Successfully deleted' });
}

function moveArgs(body: Body) {
  const bucketId = str(body.bucketId, 'bucketId');
  const sourceKey = str(body.sourceKey, 'sourceKey');
  const destinationKey = str(body.destinationKey, 'destinationKey');
  const destinationBucket = typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : bucketId;
  assertObjectKey(sourceKey);
  assertObjectKey(destinationKey);
  return { bucketId, sourceKey, destinationKey, destinationBucket };
}

/** POST /object/move: renames the row as the caller (RLS update), then the file. */
export async function moveObject(ctx: StorageContext, auth: RequestAuth, body: Body): Promise<Response> {
  const { bucketId, sourceKey, destinationKey, destinationBucket } = moveArgs(body);
  await findBucket(ctx, bucketId);
  if (destinationBucket !== bucketId) await findBucket(ctx, destinationBucket);
  const { owner, ownerId } = ownerOf(auth);
  const r = await ctx.p.db.asRole(auth, (tx) =>
    tx.query<{ id: string }>(
      `update storage.objects set bucket_id = $3, name = $4, owner = coalesce($5, owner), owner_id = coalesce($6, owner_id),
         updated_at = now() where bucket_id = $1 and name = $2 returning id`,
      [bucketId, sourceKey, destinationBucket, destinationKey, owner, ownerId],
    ),
  );
  if (!r.rows[0]) throw ERR.noSuchKey();
  await ctx.files.move(bucketId, sourceKey, destinationBucket, destinationKey);
  return json({ message: 'Successfully moved', Id: r.rows[0].id, Key: destinationKey });
}

/** POST /object/copy: reads the source and inserts the copy as the caller (RLS select + insert). */
export async function copyObject(ctx: StorageContext, req: Request, auth: RequestAuth, body: Body): Promise<Response> {
  const { bucketId, sourceKey, destinationKey, destinationBucket } = moveArgs(body);
  await findBucket(ctx, bucketId);
  if (destinationBucket !== bucketId) await findBucket(ctx, destinationBucket);
  const upsert = req.headers.get('x-upsert') === 'true';
  const { owner, ownerId } = ownerOf(auth);
  let staged: string | null = null;
  try {
    const id = randomUUID();
    await ctx.p.db.asRole(auth, async (tx) => {
      const src = await tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucketId, sourceKey]);
      if (!src.rows[0]) throw ERR.noSuchKey();
      const r = await tx.query(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         select $9::uuid, $3, $4, $5, $6, metadata, case when $7::boolean then $8::jsonb else user_metadata end,
                gen_random_uuid()::text
           from storage.objects where bucket_id = $1 and name = $2
         ${
           upsert
             ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
                metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version, updated_at = now()`
             : ''
         }`,
        [bucketId, sourceKey, destinationBucket, destinationKey, owner, ownerId, body.copyMetadata === false, JSON.stringify(body.metadata ?? {}), id],
      );
      if (r.rowCount === 0) throw ERR.noSuchKey();
      staged = await ctx.files.stageCopy(bucketId, sourceKey);
      if (!staged) throw ERR.noSuchKey();
    });
    await ctx.files.commit(staged!, destinationBucket, destinationKey);
    staged = null;
    return json({ Id: id, Key: `${destinationBucket}/${destinationKey}` });
  } finally {
    await ctx.files.discard(staged);
  }
}

function expiresInOf(body: Body): number {
  const n = Number(body.expiresIn);
  if (!Number.isFinite(n) || n < 1) throw ERR.invalidRequest('expiresIn must be a number greater than 0');
  return Math.floor(n);
}

/** Why: a signed URL is a JWT naming `bucket/key`, valid without any other credentials. */
function signPath(ctx: StorageContext, bucketId: string, key: string, expiresIn: number, transform?: unknown): Promise<string> {
  return ctx.p.jwt.sign({ url: `${bucketId}/${key}`, scope: 'download', ...(transform ? { transformations: transform } : {}) }, expiresIn);
}

/** POST /object/sign/:bucket/:key {expiresIn} → {signedURL} relative to /storage/v1, unencoded. */
export async function signObject(ctx: StorageContext, auth: RequestAuth, bucketId: string, key: string, body: Body): Promise<Response> {
  assertObjectKey(key);
  const expiresIn = expiresInOf(body);
  await findBucket(ctx, bucketId);
  const r = await ctx.p.db.asRole(auth, (tx) =>
    tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucketId, key]),
  );
  if (!r.rows[0]) throw ERR.noSuchKey();
  // createSignedUrl(path, n, { transform }) signs a render URL; the transformation rides in the token.
  const t = body.transform && typeof body.transform === 'object' ? (body.transform as Record<string, unknown>) : null;
  if (t && Object.keys(t).length > 0) {
    const params = new URLSearchParams();
    for (const k of ['width', 'height', 'resize', 'quality']) if (t[k] !== undefined && t[k] !== null) params.set(k, String(t[k]));
    const transform = transformFrom(new URL(`http://x/?${params}`));
    const token = await signPath(ctx, bucketId, key, expiresIn, transform);
    return json({ signedURL: `/render/image/sign/${bucketId}/${key}?token=${token}` });
  }
  const token = await signPath(ctx, bucketId, key, expiresIn);
  return json({ signedURL: `/object/sign/${bucketId}/${key}?token=${token}` });
}

/** POST /object/sign/:bucket {expiresIn, paths} → [{path, signedURL, error}] */
export async function signObjects(ctx: StorageContext, auth: RequestAuth, bucketId: string, body: Body): Promise<Response> {
  const expiresIn = expiresInOf(body);
  if (!Array.isArray(body.paths)) throw ERR.invalidRequest("body must have required property 'paths'");
  const paths = (body.paths as unknown[]).map(String);
  await findBucket(ctx, bucketId);
  const r = await ctx.p.db.asRole(auth, (tx) =>
    tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucketId, paths]),
  );
  const found = new Set(r.rows.map((row) => row.name));
  const out = await Promise.all(
    paths.map(async (path) =>
      found.has(path)
        ? { error: null, path, signedURL: `/object/sign/${bucketId}/${path}?token=${await signPath(ctx, bucketId, path, expiresIn)}` }
        : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
    ),
  );
  return json(out);
}

/** GET /object/sign/:bucket/:key?token: the token must name this object and be unexpired. */
export async function signedObject(ctx: StorageContext, req: Request, bucketId: string, key: string): Promise<Response> {
  assertObjectKey(key);
  const token = new URL(req.url).searchParams.get('token');
  if (!token) throw ERR.invalidRequest('querystring must have required property \'token\'');
  const claims = await ctx.p.jwt.verify(token);
  if (claims.scope !== 'download') throw ERR.invalidSignature('Token is not scoped for download');
  if (claims.url !== `${bucketId}/${key}`) throw ERR.invalidSignature();
  if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now()) throw ERR.expiredSignature();
  await findBucket(ctx, bucketId);
  const r = await ctx.p.db.query<StoredObject>(SELECT_STORED, [bucketId, key]);
  if (!r.rows[0]) throw ERR.noSuchKey();
  const signed = claims.transformations && typeof claims.transformations === 'object' ? (claims.transformations as ImageTransform) : null;
  return serveObject(ctx, req, bucketId, key, r.rows[0], signed ?? requestedTransform(req));
}

/** Thrown to roll back a permission probe. */
class Probe extends Error {}

/**
 * POST /object/upload/sign/:bucket/:key → {url, token}: checks now, as the caller, that RLS
 * would let them create (or upsert) the object, then signs a 2-hour upload token for it.
 */
export async function signUpload(ctx: StorageContext, req: Request, auth: RequestAuth, bucketId: string, key: string): Promise<Response> {
  assertObjectKey(key);
  await findBucket(ctx, bucketId);
  const upsert = req.headers.get('x-upsert') === 'true';
  const { owner, ownerId } = ownerOf(auth);
  try {
    await ctx.p.db.asRole(auth, async (tx) => {
      await tx.query(
        `insert into storage.objects (bucket_id, name, owner, owner_id, version) values ($1, $2, $3, $4, 'probe')
         ${upsert ? 'on conflict (bucket_id, name) do update set version = excluded.version' : ''}`,
        [bucketId, key, owner, ownerId],
      );
      throw new Probe();
    });
  } catch (err) {
    if (!(err instanceof Probe)) throw err;
  }
  const token = await ctx.p.jwt.sign({ url: `${bucketId}/${key}`, scope: 'upload', owner: ownerId, upsert }, 7200);
  return json({ url: `/object/upload/sign/${bucketId}/${key}?token=${token}`, token });
}

/** PUT /object/upload/sign/:bucket/:key?token: uploads with the signer's rights, once per token's upsert flag. */
export async function uploadSigned(ctx: StorageContext, req: Request, bucketId: string, key: string): Promise<Response> {
  assertObjectKey(key);
  const token = new URL(req.url).searchParams.get('token');
  if (!token) throw ERR.invalidRequest("querystring must have required property 'token'");
  const claims = await ctx.p.jwt.verify(token);
  if (claims.scope !== 'upload') throw ERR.invalidSignature('Token is not scoped for upload');
  if (claims.url !== `${bucketId}/${key}`) throw ERR.invalidSignature();
  const owner = typeof claims.owner === 'string' ? claims.owner : undefined;
  const auth: RequestAuth = { role: 'service_role', claims: { role: 'service_role', ...(owner ? { sub: owner } : {}) } };
  return uploadObject(ctx, req, auth, bucketId, key, claims.upsert === true);
}
