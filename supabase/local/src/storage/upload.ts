import busboy from 'busboy';
import { ERR } from './errors.ts';
import { parseJson } from '../http.ts';

/** One uploaded file, whichever way supabase-js sent it. */
export interface IncomingFile {
  bytes: Uint8Array;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/**
 * As Supabase Storage stores it: the multipart form's cacheControl (storage-js sends the
 * option as is, seconds by default: "3600") behind `max-age=`; a raw body's Cache-Control
 * header (storage-js writes `max-age=<option>` there) as it comes. So the option
 * "31536000, public, immutable" is served as `max-age=31536000, public, immutable` either way
 * (the renditions, issue 44).
 */
function cacheControlFrom(value: string | null | undefined, multipart: boolean): string {
  const v = (value ?? '').trim();
  if (!v) return 'no-cache';
  return multipart ? `max-age=${v}` : v;
}

function parseMetadata(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = parseJson(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    throw ERR.invalidRequest('Invalid metadata');
  }
}

/**
 * Reads a body stream to its end without ever cancelling it: cancelling the stream Node 20's
 * Readable.toWeb() adapter makes of a request crashes the process on the next chunk.
 */
export async function consume(body: ReadableStream<Uint8Array>, onChunk: (chunk: Uint8Array) => void): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      onChunk(value);
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * A JSON request body of at most `limit` bytes (undefined when empty). Unlike http.ts readBody it
 * never cancels the stream when the limit is passed: it reads on and discards (see consume()).
 */
export async function readJsonBody(req: Request, limit: number): Promise<unknown> {
  if (Number(req.headers.get('content-length') ?? NaN) > limit) throw ERR.invalidRequest('Request body is too large');
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    await consume(req.body, (chunk) => {
      size += chunk.byteLength;
      if (size <= limit) chunks.push(chunk);
    });
  }
  if (size > limit) throw ERR.invalidRequest('Request body is too large');
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return parseJson(text);
  } catch {
    throw ERR.invalidRequest('Body is not valid JSON');
  }
}

/** Why: an error answered before the body was read must still let the upload finish. */
export function drain(req: Request): void {
  if (req.body && !req.body.locked && !req.bodyUsed) consume(req.body, () => undefined).catch(() => undefined);
}

/**
 * Why: uploads come as multipart (Blob/File: mimetype from the file part, cacheControl and
 * metadata as form fields, first file part whatever its field name) or as a raw body
 * (Content-Type, Cache-Control and base64 x-metadata headers). Both stop at `limit` bytes.
 */
export async function readUpload(req: Request, limit: number): Promise<IncomingFile> {
  const contentType = req.headers.get('content-type') ?? '';
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (!/^multipart\/form-data/i.test(contentType)) {
    if (declared > limit) throw ERR.entityTooLarge();
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (req.body) {
      await consume(req.body, (chunk) => {
        size += chunk.byteLength;
        if (size <= limit) chunks.push(chunk);
      });
    }
    if (size > limit) throw ERR.entityTooLarge();
    const xMeta = req.headers.get('x-metadata');
    return {
      bytes: Buffer.concat(chunks),
      mimetype: contentType || 'application/octet-stream',
      cacheControl: cacheControlFrom(req.headers.get('cache-control'), false),
      userMetadata: parseMetadata(xMeta ? Buffer.from(xMeta, 'base64').toString('utf8') : null),
    };
  }
  if (!req.body) throw ERR.invalidRequest('No content provided');
  const fields = new Map<string, string>();
  let file: { chunks: Buffer[]; mimetype: string } | null = null;
  let tooLarge = false;
  let failed = false;
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { 'content-type': contentType }, limits: { fileSize: limit, files: 1, fieldSize: 1024 * 1024 } });
  } catch {
    throw ERR.invalidRequest('Malformed multipart body');
  }
  const finished = new Promise<void>((resolve) => {
    parser.on('close', resolve);
    parser.on('error', () => {
      failed = true;
      resolve();
    });
  });
  parser.on('field', (name, value) => fields.set(name, value));
  parser.on('file', (_name, stream, info) => {
    if (file) {
      stream.resume();
      return;
    }
    const current = { chunks: [] as Buffer[], mimetype: info.mimeType || 'application/octet-stream' };
    file = current;
    stream.on('data', (chunk: Buffer) => current.chunks.push(chunk));
    stream.on('limit', () => {
      tooLarge = true;
    });
  });
  await consume(req.body, (chunk) => {
    if (!failed) parser.write(chunk);
  });
  if (!failed) parser.end();
  await finished;
  if (failed) throw ERR.invalidRequest('Malformed multipart body');
  if (tooLarge) throw ERR.entityTooLarge();
  const found = file as { chunks: Buffer[]; mimetype: string } | null;
  if (!found) throw ERR.invalidRequest('No content provided');
  return {
    bytes: Buffer.concat(found.chunks),
    mimetype: fields.get('contentType') || found.mimetype,
    cacheControl: cacheControlFrom(fields.get('cacheControl'), true),
    userMetadata: parseMetadata(fields.get('metadata')),
  };
}

/** Why: buckets may restrict uploads to types such as `image/*` or `application/pdf`. */
export function mimeAllowed(mimetype: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const base = (mimetype.split(';')[0] ?? '').trim().toLowerCase();
  return allowed.some((entry) => {
    const a = entry.trim().toLowerCase();
    if (a === '*/*' || a === '*') return true;
    if (a.endsWith('/*')) return base.startsWith(a.slice(0, -1));
    return a === base;
  });
}
