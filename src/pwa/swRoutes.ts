/** Which requests the service worker caches and how (pure, shared by sw.ts and its unit tests). */

/** Listing reads of the API: the public search and detail functions and direct listing selects. */
export const LISTING_RPC = /\/rest\/v1\/rpc\/(search_listings|search_listings_count|listing_detail)\/?$/;
export const LISTING_TABLES = /\/rest\/v1\/(listings|listing_photos)\/?$/;
/** Listing photos in Storage (public object URLs and image transformations). */
export const LISTING_PHOTO = /\/storage\/v1\/(object\/public|render\/image\/public)\/listing_photos\//;

export function isListingApiRead(url: URL, method: string): boolean {
  if (method === 'POST') return LISTING_RPC.test(url.pathname);
  if (method === 'GET') return LISTING_RPC.test(url.pathname) || LISTING_TABLES.test(url.pathname);
  return false;
}

export function isListingPhoto(url: URL, method: string): boolean {
  return method === 'GET' && LISTING_PHOTO.test(url.pathname);
}

/** A GET cache key for a POST read: the URL plus the request body. */
export function postCacheKey(url: string, body: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}__body=${encodeURIComponent(body)}`;
}

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  icon: string;
  tag?: string;
}

/** The notification a push message shows; anything missing gets a safe default. */
export function parsePushPayload(raw: string | null | undefined, defaults: { title: string }): PushPayload {
  let data: Partial<PushPayload> = {};
  if (raw) {
    try {
      data = JSON.parse(raw) as Partial<PushPayload>;
    } catch {
      data = { body: raw };
    }
  }
  const url = typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/';
  return {
    title: typeof data.title === 'string' && data.title ? data.title : defaults.title,
    body: typeof data.body === 'string' ? data.body : '',
    url,
    icon: typeof data.icon === 'string' && data.icon.startsWith('/') ? data.icon : '/icons/icon-192.png',
    ...(typeof data.tag === 'string' ? { tag: data.tag } : {}),
  };
}
