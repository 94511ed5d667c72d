import type { RequestAuth } from '../db/types.ts';
import { json } from '../http.ts';
import type { Platform } from '../core/types.ts';
import { ERR } from './errors.ts';
import { assertBucketName, type FileStore } from './files.ts';

export interface StorageContext {
  p: Platform;
  files: FileStore;
}

/** What the storage API needs to know about a bucket before touching its objects. */
export interface BucketInfo {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

const BUCKET_JSON = `jsonb_build_object(
  'id', id, 'name', name, 'owner', coalesce(owner_id, owner::text, ''), 'public', coalesce(public, false),
  'type', 'STANDARD', 'file_size_limit', file_size_limit, 'allowed_mime_types', allowed_mime_types,
  'created_at', created_at, 'updated_at', updated_at) as bucket`;

const SIZE = /^(\d+(?:\.\d+)?)\s*(B|KB|MB|GB|TB)?$/i;

/** Why: createBucket accepts `fileSizeLimit` as bytes or as a string such as "20MB". */
export function parseFileSizeLimit(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.floor(value);
  const m = typeof value === 'string' ? SIZE.exec(value.trim()) : null;
  if (!m) throw ERR.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
  const mult: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12 };
  return Math.floor(Number(m[1]) * (mult[(m[2] ?? 'b').toLowerCase()] ?? 1));
}

function mimeList(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw ERR.invalidRequest('allowed_mime_types must be an array of strings');
  }
  const list = (value as string[]).filter((v) => v);
  return list.length ? list : null;
}

/** Why: object routes read bucket settings as the platform (like storage-api's superuser lookup). */
export async function findBucket(ctx: StorageContext, id: string): Promise<BucketInfo> {
  const r = await ctx.p.db.query<{ id: string; public: boolean | null; file_size_limit: string | null; allowed_mime_types: string[] | null }>(
    'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [id],
  );
  const row = r.rows[0];
  if (!row) throw ERR.noSuchBucket();
  return {
    id: row.id,
    public: row.public === true,
    fileSizeLimit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowedMimeTypes: row.allowed_mime_types && row.allowed_mime_types.length ? row.allowed_mime_types : null,
  };
}

/** GET /bucket: the buckets the caller may see (RLS on storage.buckets decides). */
export async function listBuckets(ctx: StorageContext, auth: RequestAuth, query: URLSearchParams): Promise<Response> {
  const columns = ['id', 'name', 'created_at', 'updated_at'];
  const sortColumn = columns.includes(query.get('sortColumn') ?? '') ? query.get('sortColumn')! : 'name';
  const order = query.get('sortOrder') === 'desc' ? 'desc' : 'asc';
  const limit = Number(query.get('limit') ?? NaN);
  const offset = Number(query.get('offset') ?? 0) || 0;
  const search = query.get('search') ?? '';
  const rows = await ctx.p.db.asRole(auth, (tx) =>
    tx.query<{ bucket: unknown }>(
      `select ${BUCKET_JSON} from storage.buckets where ($1 = '' or name ilike '%' || $1 || '%')
       order by ${sortColumn} ${order} ${Number.isFinite(limit) && limit >= 0 ? `limit ${Math.floor(limit)}` : ''} offset $2`,
      [search, Math.max(0, Math.floor(offset))],
    ),
  );
  return json(rows.rows.map((r) => r.bucket));
}

/** GET /bucket/:id */
export async function getBucket(ctx: StorageContext, auth: RequestAuth, id: string): Promise<Response> {
  const r = await ctx.p.db.asRole(auth, (tx) =>
    tx.query<{ bucket: unknown }>(`select ${BUCKET_JSON} from storage.buckets where id = $1`, [id]),
  );
  if (!r.rows[0]) throw ERR.noSuchBucket();
  return json(r.rows[0].bucket);
}

type Body = Record<string, unknown>;

/** POST /bucket {id, name, public, file_size_limit, allowed_mime_types} → {name} */
export async function createBucket(ctx: StorageContext, auth: RequestAuth, body: Body): Promise<Response> {
  const name = typeof body.name === 'string' ? body.name : '';
  const id = typeof body.id === 'string' && body.id ? body.id : name;
  if (!name) throw ERR.invalidRequest("body must have required property 'name'");
  assertBucketName(id);
  const sub = typeof auth.claims.sub === 'string' ? auth.claims.sub : null;
  const isUuid = sub !== null && /^[0-9a-f-]{36}$/i.test(sub);
  await ctx.p.db.asRole(auth, (tx) =>
    tx.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [id, name, isUuid ? sub : null, sub, body.public === true, parseFileSizeLimit(body.file_size_limit), mimeList(body.allowed_mime_types)],
    ),
  );
  return json({ name });
}

/** PUT /bucket/:id: only the settings present in the body change. */
export async function updateBucket(ctx: StorageContext, auth: RequestAuth, id: string, body: Body): Promise<Response> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (typeof body.public === 'boolean') set('public', body.public);
  if ('file_size_limit' in body) set('file_size_limit', parseFileSizeLimit(body.file_size_limit));
  if ('allowed_mime_types' in body) set('allowed_mime_types', mimeList(body.allowed_mime_types));
  sets.push('updated_at = now()');
  const r = await ctx.p.db.asRole(auth, (tx) =>
    tx.query(`update storage.buckets set ${sets.join(', ')} where id = $1 returning id`, params),
  );
  if (r.rows.length === 0) throw ERR.noSuchBucket();
  return json({ message: 'Successfully updated' });
}

/** DELETE /bucket/:id: refused while the bucket still has objects, as on Supabase. */
export async function deleteBucket(ctx: StorageContext, auth: RequestAuth, id: string): Promise<Response> {
  // Counted as the platform: objects hidden from the caller by RLS still keep the bucket.
  const objects = await ctx.p.db.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
  const deleted = await ctx.p.db.asRole(auth, async (tx) => {
    const visible = await tx.query('select 1 from storage.buckets where id = $1', [id]);
    if (visible.rows.length === 0) throw ERR.noSuchBucket();
    if (objects.rows.length > 0) throw ERR.bucketNotEmpty();
    return (await tx.query('delete from storage.buckets where id = $1 returning id', [id])).rows.length;
  });
  if (deleted === 0) throw ERR.noSuchBucket();
  await ctx.files.removeBucket(id);
  return json({ message: 'Successfully deleted' });
}

/** POST /bucket/:id/empty: deletes the objects the caller may delete (RLS), then their bytes. */
export async function emptyBucket(ctx: StorageContext, auth: RequestAuth, id: string): Promise<Response> {
  const names = await ctx.p.db.asRole(auth, async (tx) => {
    const visible = await tx.query('select 1 from storage.buckets where id = $1', [id]);
    if (visible.rows.length === 0) throw ERR.noSuchBucket();
    const r = await tx.query<{ name: string }>('delete from storage.objects where bucket_id = $1 returning name', [id]);
    return r.rows.map((row) => row.name);
  });
  for (const name of names) await ctx.files.remove(id, name);
  return json({ message: 'Successfully emptied' });
}
