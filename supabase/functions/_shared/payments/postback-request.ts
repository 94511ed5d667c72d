/**
 * What payment-postback reads of a request, and from whom. The endpoint needs no key (FlexPay
 * calls it), so anyone can post to it: a postback is a few hundred bytes, and a request larger
 * than POSTBACK_MAX_BYTES is refused before more of it is read.
 */

/** FlexPay's postbacks are far smaller; the local platform caps this function's body at it too. */
export const POSTBACK_MAX_BYTES = 64 * 1024;

export class PostbackTooLarge extends Error {}

/** The request's text, reading at most `limit` bytes (PostbackTooLarge past them, or for a larger Content-Length). */
async function cappedText(req: Request, limit: number): Promise<string> {
  if (Number(req.headers.get('content-length') ?? 0) > limit) throw new PostbackTooLarge();
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new PostbackTooLarge();
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all);
}

/** FlexPay sends GET with a query string; a form-encoded POST carries the same fields. Null for another method. */
export async function postbackParams(req: Request, limit = POSTBACK_MAX_BYTES): Promise<URLSearchParams | null> {
  if (req.method === 'GET') {
    const { search } = new URL(req.url);
    if (search.length > limit) throw new PostbackTooLarge();
    return new URLSearchParams(search);
  }
  if (req.method === 'POST') return new URLSearchParams(await cappedText(req, limit));
  return null;
}

/**
 * The sender's address, read as SQL's private.request_client_address reads it: Cloudflare's
 * cf-connecting-ip on Supabase (which overwrites what a client sends there), else the first
 * x-forwarded-for entry (the local platform's gateway sets it to the client it serves); null without.
 */
export function clientAddress(req: Request): string | null {
  return (req.headers.get('cf-connecting-ip') ?? req.headers.get('x-forwarded-for') ?? '').split(',')[0]!.trim() || null;
}
