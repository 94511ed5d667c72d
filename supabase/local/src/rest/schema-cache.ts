/** The catalog cache (PostgREST's schema cache), re-read on NOTIFY pgrst. */
import type { Queryable } from '../db/types.ts';
import { loadSchema, type SchemaCache } from './schema.ts';

export interface SchemaCacheHolder {
  /** The cache, read on first use. */
  get(): Promise<SchemaCache>;
  /** Re-reads the catalogs; a reload asked for during one makes it take one more pass. */
  reload(): Promise<SchemaCache>;
}

export function createSchemaCache(db: Queryable, schema: string): SchemaCacheHolder {
  let cache: SchemaCache | undefined;
  let reloading: Promise<SchemaCache> | undefined;
  let again = false;
  const reload = (): Promise<SchemaCache> => {
    if (reloading) {
      again = true;
      return reloading;
    }
    reloading = (async () => {
      let c: SchemaCache;
      do {
        again = false;
        c = await loadSchema(db, schema);
        cache = c;
      } while (again);
      return c;
    })().finally(() => {
      reloading = undefined;
    });
    return reloading;
  };
  return { reload, get: async () => cache ?? reload() };
}
