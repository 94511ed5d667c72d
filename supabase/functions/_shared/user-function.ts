import { jsonResponse, preflight } from './cors.ts';

export interface Messages {
  /** Shown when the caller has no valid session. */
  login: string;
  /** Shown for anything unexpected. */
  failed: string;
  /** Shown when a value has the wrong type for its column (22P02). */
  invalid?: string;
}

type Payload = Record<string, unknown>;

/**
 * What every function a signed-in user calls shares: the CORS preflight, POST only, a
 * caller, a JSON object body, and an Italian `{ error }` instead of a crash.
 */
export function userFunction(name: string, messages: Messages, handle: (payload: Payload, req: Request) => Promise<Response>) {
  return async (req: Request): Promise<Response> => {
    const pre = preflight(req);
    if (pre) return pre;
    if (req.method !== 'POST') return jsonResponse({ error: 'Metodo non consentito.' }, 405);
    if (!req.headers.get('Authorization')) return jsonResponse({ error: messages.login }, 401);
    let payload: Payload;
    try {
      payload = (await req.json()) as Payload;
      if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw new Error('not an object');
    } catch {
      return jsonResponse({ error: 'Richiesta non valida.' }, 400);
    }
    try {
      return await handle(payload, req);
    } catch (err) {
      console.error(name, err);
      return jsonResponse({ error: messages.failed }, 500);
    }
  };
}

interface RpcError {
  code?: string;
  details?: string | null;
  message: string;
}

/** An RPC's answer: the functions' client has no generated types, so its data is unknown until read as the function's row. */
export type RpcResult = { data: unknown; error: RpcError | null };

/**
 * A PostgREST error from one of our SQL functions -> the function's answer: 403 for banned
 * or forbidden (42501 with that detail), 401 for any other permission or token problem,
 * 404 when the detail is one of `notFoundDetails` (the row is missing), 400 for a broken rule
 * (the SQL's Italian message), 500 otherwise.
 */
export function rpcErrorResponse(error: RpcError, messages: Messages, ...notFoundDetails: string[]): Response {
  if (error.code === '42501') {
    const forbidden = error.details === 'banned' || error.details === 'forbidden';
    return forbidden ? jsonResponse({ error: error.message }, 403) : jsonResponse({ error: messages.login }, 401);
  }
  if (error.code?.startsWith('PGRST30')) return jsonResponse({ error: messages.login }, 401);
  if (error.code === 'P0001') return jsonResponse({ error: error.message }, notFoundDetails.includes(error.details ?? '') ? 404 : 400);
  if (error.code === '22P02') return jsonResponse({ error: messages.invalid ?? 'Richiesta non valida.' }, 400);
  return jsonResponse({ error: messages.failed }, 500);
}
