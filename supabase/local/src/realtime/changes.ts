/**
 * postgres_changes capture and fan-out.
 *
 * Capture: bootstrap.sql puts a row trigger on each table of the supabase_realtime
 * publication; it NOTIFYs 'realtime_changes', which Postgres delivers only at commit, so
 * rolled-back writes never arrive. Payloads over ~7.5 kB go through realtime.change_overflow.
 *
 * Delivery semantics (as Supabase with RLS on):
 * - INSERT/UPDATE: filters are evaluated on the new row; RLS is checked by SELECTing the row
 *   by primary key as each distinct caller *when the change is processed*, so a row updated
 *   and then deleted at once may arrive without its UPDATE (it is no longer visible).
 * - UPDATE/DELETE old_record: primary key only (the full old row with REPLICA IDENTITY FULL).
 * - DELETE: the row is gone, so its policies are checked against the old row (sent by the
 *   capture trigger as old_row, never passed on): only subscribers who could see the row get
 *   it, and only when their filter matches old_record (so a filter on a non-key column never
 *   matches a DELETE). Supabase sends DELETEs to every subscriber; this does not, so one
 *   user's deletions never reach another user.
 */
import type { Database } from '../db/types.ts';
import { matchesFilter, type Filter } from './filters.ts';

/**
 * The index keys an `eq` filter value is filed under and a row value is looked up by (both
 * spellings of a number, lower-case text): a superset of the true matches, each of which
 * matchesFilter still checks. Values whose equality depends on the column's type beyond that
 * (booleans, dates and times) are not indexed.
 */
function filterKey(value: string): string | null {
  const v = value.trim();
  if (/^(t|f|true|false|y|n|yes|no|on|off)$/i.test(v)) return null;
  if (v !== '' && !Number.isNaN(Number(v))) return `n:${Number(v)}`;
  if (!Number.isNaN(Date.parse(v))) return null;
  return `s:${value.toLowerCase()}`;
}

function rowKeys(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  const keys = [`s:${text.toLowerCase()}`];
  if (text.trim() !== '' && !Number.isNaN(Number(text))) keys.push(`n:${Number(text)}`);
  return keys;
}

/** One postgres_changes binding of a joined channel, with the id the join reply gave it. */
export interface Binding {
  id: number;
  event: string;
  schema: string;
  table: string;
  filter: Filter | null;
}

/** What the hub needs from a channel: who it is (claims) and how to push a change to it. */
export interface Subscriber {
  claims: Record<string, unknown>;
  /** Subscribers with the same key (same claims bar iat/exp) share one RLS check. */
  claimsKey: string;
  bindings: Binding[];
  /** `ids` and `data` are already JSON text. */
  sendChange(idsJson: string, dataJson: string): void;
}

interface Column {
  name: string;
  type: string;
}

interface TableMeta {
  columns: Column[];
  types: Map<string, string>;
  pk: string[];
  regclass: string;
}

interface RawChange {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  /** DELETE on a table with RLS: the whole old row, for the policy check only. */
  old_row?: Record<string, unknown> | null;
}

type Interest = { sub: Subscriber; ids: number[] };

/** Changes checked together when a backlog builds up (bulk writes). */
const MAX_BATCH = 200;

/** The primary key of the changed row (all given columns for tables without one), for the RLS check. */
function rowKey(meta: TableMeta, c: RawChange): Record<string, unknown> {
  const source = (c.type === 'DELETE' ? (c.old_row ?? c.old_record) : c.record) ?? {};
  const pk: Record<string, unknown> = {};
  for (const col of meta.pk.length ? meta.pk : Object.keys(source)) {
    const v = source[col];
    if (v === undefined || (v === null && !meta.pk.length)) continue;
    pk[col] = v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
  }
  return pk;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Captures committed row changes (NOTIFY from the publication triggers) and fans each one
 * out to the subscribed channels whose bindings, filters and row-level security allow it.
 */
export class ChangeHub {
  private readonly subscribers = new Set<Subscriber>();
  /**
   * Subscribers whose every binding names one table with an indexable `eq` filter (a user's own
   * rows), filed by table, column and value, so a change looks at the few it may concern
   * instead of every channel; the others are in `scanned`.
   */
  private readonly byValue = new Map<string, Map<string, Map<string, Set<Subscriber>>>>();
  private readonly scanned = new Set<Subscriber>();
  private readonly filed = new Map<Subscriber, Set<Subscriber>[]>();
  private readonly meta = new Map<string, Promise<TableMeta>>();
  private published: Set<string> | undefined;
  private queue: Promise<void> = Promise.resolve();
  private readonly pending: string[] = [];
  private draining = false;
  private unlisten: Array<() => Promise<void>> = [];
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly log: (message: string) => void,
  ) {}

  /** Installs the triggers for the current publication and starts listening. */
  async start(): Promise<void> {
    await this.sync();
    this.unlisten.push(await this.db.listen('realtime_changes', (payload) => this.enqueue(payload)));
    this.unlisten.push(await this.db.listen('realtime_schema', () => this.invalidate()));
    // Fallback for DDL the event trigger can't see, and the schema reload migrations send.
    this.unlisten.push(
      await this.db.listen('pgrst', () => {
        this.invalidate();
        this.sync().catch((err: Error) => this.log(`trigger sync failed: ${err.message}`));
      }),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const un of this.unlisten.splice(0)) await un().catch(() => undefined);
    this.subscribers.clear();
    this.pending.length = 0;
    await this.queue.catch(() => undefined);
  }

  /** Re-creates the capture triggers from the publication (start, joins on unknown tables). */
  async sync(): Promise<void> {
    await this.db.query('select realtime.sync_publication_triggers()');
    this.published = undefined;
  }

  private invalidate(): void {
    this.meta.clear();
    this.published = undefined;
  }

  /** Whether schema.table is in the supabase_realtime publication ('*' matches any). */
  async isPublished(schema: string, table: string): Promise<boolean> {
    const check = (set: Set<string>) =>
      [...set].some((key) => {
        const [s, t] = JSON.parse(key) as [string, string];
        return (schema === '*' || s === schema) && (table === '*' || t === table);
      });
    if (this.published && check(this.published)) return true;
    const r = await this.db.query<{ schemaname: string; tablename: string }>(
      `select schemaname, tablename from pg_publication_tables where pubname = 'supabase_realtime'`,
    );
    const set = new Set(r.rows.map((row) => JSON.stringify([row.schemaname, row.tablename])));
    const found = check(set);
    // Published since we last looked: make sure its trigger exists (event triggers may miss DDL).
    if (found) await this.sync();
    this.published = set;
    return found;
  }

  add(sub: Subscriber): void {
    if (this.subscribers.has(sub)) return;
    this.subscribers.add(sub);
    const places: [string, string, string][] = [];
    for (const b of sub.bindings) {
      const key = b.filter?.op === 'eq' && b.schema !== '*' && b.table !== '*' ? filterKey(b.filter.values[0]!) : null;
      if (key === null) {
        this.scanned.add(sub);
        return;
      }
      places.push([JSON.stringify([b.schema, b.table]), b.filter!.column, key]);
    }
    const sets: Set<Subscriber>[] = [];
    for (const [table, column, key] of places) {
      let columns = this.byValue.get(table);
      if (!columns) this.byValue.set(table, (columns = new Map<string, Map<string, Set<Subscriber>>>()));
      let values = columns.get(column);
      if (!values) columns.set(column, (values = new Map<string, Set<Subscriber>>()));
      let set = values.get(key);
      if (!set) values.set(key, (set = new Set()));
      set.add(sub);
      sets.push(set);
    }
    this.filed.set(sub, sets);
  }

  remove(sub: Subscriber): void {
    this.subscribers.delete(sub);
    this.scanned.delete(sub);
    for (const set of this.filed.get(sub) ?? []) set.delete(sub);
    this.filed.delete(sub);
  }

  /** The subscribers a change may concern: the scanned ones and those filed under its row's values. */
  private candidates(c: RawChange, record: Record<string, unknown> | null): Iterable<Subscriber> {
    const columns = this.byValue.get(JSON.stringify([c.schema, c.table]));
    if (!columns || !record) return this.scanned;
    const out = new Set(this.scanned);
    for (const [column, values] of columns) {
      for (const key of rowKeys(record[column])) for (const sub of values.get(key) ?? []) out.add(sub);
    }
    return out;
  }

  get size(): number {
    return this.subscribers.size;
  }

  private enqueue(payload: string): void {
    if (this.stopped) return;
    this.pending.push(payload);
    if (!this.draining) this.queue = this.drain();
  }

  /** Serial, so changes reach every channel in commit order; a backlog is checked in batches. */
  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.pending.length && !this.stopped) {
        const batch = this.pending.splice(0, MAX_BATCH);
        try {
          await this.processBatch(batch);
        } catch (err) {
          this.log(`change delivery failed: ${(err as Error).message}`);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private async processBatch(payloads: string[]): Promise<void> {
    const work: Array<{ c: RawChange; meta: TableMeta; interested: Interest[]; groups: Map<string, Record<string, unknown>> }> = [];
    for (const payload of payloads) {
      const c = await this.decode(payload);
      if (!c || this.subscribers.size === 0) continue;
      const found = await this.match(c);
      if (!found) continue;
      const groups = new Map<string, Record<string, unknown>>();
      for (const { sub } of found.interested) if (!groups.has(sub.claimsKey)) groups.set(sub.claimsKey, sub.claims);
      work.push({ c, meta: found.meta, interested: found.interested, groups });
    }
    if (!work.length) return;

    // Row-level security: one check per change and distinct claims, the whole batch in one round trip.
    const items = work.map(({ c, meta, groups }) => ({
      tbl: meta.regclass,
      pk: rowKey(meta, c),
      claims: [...groups.values()],
      deleted: c.type === 'DELETE',
      old: c.type === 'DELETE' ? (c.old_row ?? null) : null,
    }));
    let flags: (boolean[] | null)[];
    try {
      flags = await this.visibleBatch(items);
    } catch {
      // One bad item (a table dropped meanwhile) must not lose the others.
      flags = [];
      for (const item of items) flags.push(await this.visibleBatch([item]).then((f) => f[0] ?? null, () => null));
    }

    work.forEach(({ c, meta, interested, groups }, n) => {
      const keys = [...groups.keys()];
      const visible = new Set(keys.filter((_, i) => flags[n]?.[i] === true));
      if (!interested.some(({ sub }) => visible.has(sub.claimsKey))) return;
      const data: Record<string, unknown> = {
        schema: c.schema,
        table: c.table,
        commit_timestamp: c.commit_timestamp,
        type: c.type,
        columns: meta.columns,
      };
      if (c.type !== 'DELETE') data.record = c.record ?? {};
      if (c.type !== 'INSERT') data.old_record = c.old_record ?? {};
      data.errors = null;
      const dataJson = JSON.stringify(data);
      for (const { sub, ids } of interested) {
        // A token swapped during the check changes the key: skip now, right from the next change.
        if (visible.has(sub.claimsKey)) sub.sendChange(JSON.stringify(ids), dataJson);
      }
    });
  }

  private async visibleBatch(items: unknown[]): Promise<(boolean[] | null)[]> {
    const r = await this.db.query<{ v: string }>('select realtime.visible_batch($1::jsonb) as v', [JSON.stringify(items)]);
    return JSON.parse(r.rows[0]?.v ?? '[]') as (boolean[] | null)[];
  }

  private async decode(payload: string): Promise<RawChange | undefined> {
    const change = JSON.parse(payload) as RawChange | { overflow: number };
    if (!('overflow' in change)) return change;
    const r = await this.db.query<{ payload: string }>('delete from realtime.change_overflow where id = $1 returning payload', [
      change.overflow,
    ]);
    return r.rows[0] ? (JSON.parse(r.rows[0].payload) as RawChange) : undefined;
  }

  /** The channels whose bindings (event, schema, table, filter) want this change. */
  private async match(c: RawChange): Promise<{ meta: TableMeta; interested: Interest[] } | undefined> {
    const matchRecord = c.type === 'DELETE' ? c.old_record : c.record;
    let meta: TableMeta | undefined;
    const interested: Interest[] = [];
    for (const sub of this.candidates(c, matchRecord)) {
      let ids: number[] | undefined;
      for (const b of sub.bindings) {
        if (b.schema !== '*' && b.schema !== c.schema) continue;
        if (b.table !== '*' && b.table !== c.table) continue;
        if (b.event !== '*' && b.event.toUpperCase() !== c.type) continue;
        if (b.filter) {
          meta ??= await this.tableMeta(c.schema, c.table);
          if (!matchesFilter(b.filter, matchRecord, meta.types.get(b.filter.column))) continue;
        }
        (ids ??= []).push(b.id);
      }
      if (ids) interested.push({ sub, ids });
    }
    if (!interested.length) return undefined;
    meta ??= await this.tableMeta(c.schema, c.table);
    return { meta, interested };
  }

  private tableMeta(schema: string, table: string): Promise<TableMeta> {
    const key = JSON.stringify([schema, table]);
    let m = this.meta.get(key);
    if (!m) {
      m = this.loadMeta(schema, table);
      this.meta.set(key, m);
      m.catch(() => this.meta.delete(key));
    }
    return m;
  }

  private async loadMeta(schema: string, table: string): Promise<TableMeta> {
    const regclass = `${quoteIdent(schema)}.${quoteIdent(table)}`;
    const cols = await this.db.query<{ name: string; type: string; pk: boolean }>(
      `select a.attname as name, t.typname as type,
              exists (select 1 from pg_index i where i.indrelid = a.attrelid and i.indisprimary and a.attnum = any (i.indkey)) as pk
       from pg_attribute a join pg_type t on t.oid = a.atttypid
       where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
       order by a.attnum`,
      [regclass],
    );
    // (Re)build the table's RLS checker: its static query gets a cached plan.
    await this.db.query('select realtime.prepare_table($1::regclass)', [regclass]);
    const columns = cols.rows.map((r) => ({ name: r.name, type: r.type }));
    return {
      columns,
      types: new Map(columns.map((col) => [col.name, col.type])),
      pk: cols.rows.filter((r) => r.pk).map((r) => r.name),
      regclass,
    };
  }
}
