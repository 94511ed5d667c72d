/**
 * `npm run gen:types`: builds a throwaway platform database from supabase/migrations (PGlite
 * in a temp folder; no seed, no API module SQL), introspects pg_catalog and writes
 * src/lib/database.types.ts in the shape `supabase gen types typescript` produces:
 * Database.public.Tables.<t>.Row/Insert/Update/Relationships, Views, Functions.<fn>.Args/Returns,
 * Enums, CompositeTypes, plus the Tables/TablesInsert/TablesUpdate/Enums helpers and Constants.
 *
 * Options: --out <file> (default src/lib/database.types.ts), --check (exit 1 when the file
 * on disk differs: for CI).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Queryable } from '../supabase/local/src/db/index.ts';
import { prepareDatabase } from '../supabase/local/src/db/migrate.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const SCHEMA = 'public';

interface Column {
  name: string;
  type: string; // typname; arrays as element name with isArray
  typtype: string;
  isArray: boolean;
  nullable: boolean;
  hasDefault: boolean;
  generated: boolean;
  identity: boolean;
}
interface Relation {
  name: string;
  kind: string;
  columns: Column[];
  updatable: boolean;
}
interface ForeignKey {
  table: string;
  name: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
  oneToOne: boolean;
}
interface FunctionArg {
  name: string;
  type: string;
  typtype: string;
  isArray: boolean;
  hasDefault: boolean;
}
interface Fn {
  name: string;
  args: FunctionArg[];
  returnType: string;
  returnTyptype: string;
  returnIsArray: boolean;
  returnsSet: boolean;
  returnRelation: string | null;
  tableColumns: FunctionArg[] | null;
}

async function json<T>(db: Queryable, sql: string): Promise<T> {
  const r = await db.query<{ j: string | null }>(`select (${sql})::text as j`);
  return JSON.parse(r.rows[0]?.j ?? 'null') ?? ([] as unknown as T);
}

export async function introspect(db: Queryable) {
  const relations = await json<Relation[]>(
    db,
    `select coalesce(json_agg(json_build_object(
        'name', c.relname, 'kind', c.relkind,
        'updatable', (pg_relation_is_updatable(c.oid::regclass, false) & 20) = 20,
        'columns', (select coalesce(json_agg(json_build_object(
            'name', a.attname,
            'type', case when t.typcategory = 'A' then et.typname else t.typname end,
            'typtype', case when t.typcategory = 'A' then et.typtype else t.typtype end,
            'isArray', t.typcategory = 'A',
            'nullable', not a.attnotnull,
            'hasDefault', a.atthasdef,
            'generated', a.attgenerated <> '',
            'identity', a.attidentity <> ''
          ) order by a.attname), '[]'::json)
          from pg_attribute a
          join pg_type t on t.oid = a.atttypid
          left join pg_type et on et.oid = t.typelem
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped)
      ) order by c.relname), '[]'::json)
     from pg_class c
     where c.relnamespace = '${SCHEMA}'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
       and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')`,
  );

  const foreignKeys = await json<ForeignKey[]>(
    db,
    `select coalesce(json_agg(json_build_object(
        'table', c.relname, 'name', k.conname,
        'columns', (select json_agg(a.attname order by x.i) from unnest(k.conkey) with ordinality x(n, i)
                    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = x.n),
        'refTable', rc.relname,
        'refColumns', (select json_agg(a.attname order by x.i) from unnest(k.confkey) with ordinality x(n, i)
                       join pg_attribute a on a.attrelid = k.confrelid and a.attnum = x.n),
        'oneToOne', exists (select 1 from pg_index ix where ix.indrelid = k.conrelid and ix.indisunique
                              and ix.indpred is null and ix.indexprs is null
                              and (select array_agg(v order by v) from unnest(ix.indkey::int2[]) v)
                                = (select array_agg(v order by v) from unnest(k.conkey) v))
      ) order by c.relname, k.conname), '[]'::json)
     from pg_constraint k
     join pg_class c on c.oid = k.conrelid
     join pg_class rc on rc.oid = k.confrelid
     where k.contype = 'f' and c.relnamespace = '${SCHEMA}'::regnamespace and rc.relnamespace = '${SCHEMA}'::regnamespace`,
  );

  const functions = await json<Fn[]>(
    db,
    `select coalesce(json_agg(f order by f->>'name'), '[]'::json) from (
      select json_build_object(
        'name', p.proname,
        'args', (select coalesce(json_agg(json_build_object(
              'name', x.name,
              'type', case when t.typcategory = 'A' then et.typname else t.typname end,
              'typtype', case when t.typcategory = 'A' then et.typtype else t.typtype end,
              'isArray', t.typcategory = 'A',
              'hasDefault', x.i > p.pronargs - p.pronargdefaults
            ) order by x.i), '[]'::json)
            from unnest(p.proargtypes::oid[], coalesce(p.proargnames[1:p.pronargs], array_fill(''::text, array[p.pronargs])))
                 with ordinality x(typ, name, i)
            join pg_type t on t.oid = x.typ
            left join pg_type et on et.oid = t.typelem),
        'returnType', case when rt.typcategory = 'A' then ret.typname else rt.typname end,
        'returnTyptype', case when rt.typcategory = 'A' then ret.typtype else rt.typtype end,
        'returnIsArray', rt.typcategory = 'A',
        'returnsSet', p.proretset,
        'returnRelation', (select rc.relname from pg_class rc where rc.oid = rt.typrelid and rc.relkind in ('r', 'v', 'm', 'p')
                             and rc.relnamespace = '${SCHEMA}'::regnamespace),
        'tableColumns', case when p.proargmodes is not null and 't' = any (p.proargmodes) then (
            select json_agg(json_build_object(
              'name', x.name,
              'type', case when t.typcategory = 'A' then et.typname else t.typname end,
              'typtype', case when t.typcategory = 'A' then et.typtype else t.typtype end,
              'isArray', t.typcategory = 'A',
              'hasDefault', false) order by x.i)
            from unnest(p.proallargtypes, p.proargmodes::text[], p.proargnames) with ordinality x(typ, mode, name, i)
            join pg_type t on t.oid = x.typ
            left join pg_type et on et.oid = t.typelem
            where x.mode = 't') end
      ) as f
      from pg_proc p
      join pg_type rt on rt.oid = p.prorettype
      left join pg_type ret on ret.oid = rt.typelem
      where p.pronamespace = '${SCHEMA}'::regnamespace and p.prokind = 'f'
        and rt.typname not in ('trigger', 'event_trigger', 'internal', 'language_handler', 'fdw_handler', 'index_am_handler', 'table_am_handler')
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        and not exists (select 1 from unnest(p.proargtypes::oid[]) a join pg_type t on t.oid = a where t.typname = 'internal')
    ) s`,
  );

  const enums = await json<{ name: string; values: string[] }[]>(
    db,
    `select coalesce(json_agg(json_build_object('name', t.typname,
        'values', (select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid))
      order by t.typname), '[]'::json)
     from pg_type t where t.typnamespace = '${SCHEMA}'::regnamespace and t.typtype = 'e'
       and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e')`,
  );

  const composites = await json<{ name: string; columns: Column[] }[]>(
    db,
    `select coalesce(json_agg(json_build_object('name', t.typname,
        'columns', (select json_agg(json_build_object(
            'name', a.attname,
            'type', case when at.typcategory = 'A' then et.typname else at.typname end,
            'typtype', case when at.typcategory = 'A' then et.typtype else at.typtype end,
            'isArray', at.typcategory = 'A', 'nullable', true, 'hasDefault', false, 'generated', false, 'identity', false)
          order by a.attnum)
          from pg_attribute a join pg_type at on at.oid = a.atttypid left join pg_type et on et.oid = at.typelem
          where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped))
      order by t.typname), '[]'::json)
     from pg_type t join pg_class c on c.oid = t.typrelid
     where t.typnamespace = '${SCHEMA}'::regnamespace and t.typtype = 'c' and c.relkind = 'c'`,
  );

  return { relations, foreignKeys, functions, enums, composites };
}

const NUMBER = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money']);
const STRING = new Set([
  'text', 'varchar', 'bpchar', 'char', 'name', 'uuid', 'date', 'time', 'timetz', 'timestamp', 'timestamptz', 'interval',
  'bytea', 'inet', 'cidr', 'macaddr', 'citext', 'regclass', 'regconfig', 'bit', 'varbit', 'xml', 'ltree',
]);

function tsType(type: string, typtype: string, isArray: boolean, relations: Set<string>): string {
  let t: string;
  if (typtype === 'e') t = `Database["${SCHEMA}"]["Enums"]["${type}"]`;
  else if (type === 'bool') t = 'boolean';
  else if (NUMBER.has(type)) t = 'number';
  else if (STRING.has(type)) t = 'string';
  else if (type === 'json' || type === 'jsonb') t = 'Json';
  else if (type === 'void') t = 'undefined';
  else if (type === 'record') t = 'Record<string, unknown>';
  else if (typtype === 'c' && !relations.has(type)) t = `Database["${SCHEMA}"]["CompositeTypes"]["${type}"]`;
  else t = 'unknown';
  return isArray ? (t.includes(' ') || t.includes('|') ? `(${t})[]` : `${t}[]`) : t;
}

const key = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name));

export function render(model: Awaited<ReturnType<typeof introspect>>): string {
  const relNames = new Set(model.relations.map((r) => r.name));
  const colType = (c: Column) => tsType(c.type, c.typtype, c.isArray, relNames);
  const out: string[] = [];
  const w = (line: string) => out.push(line);

  const relationships = (table: string, ind: string) => {
    const fks = model.foreignKeys.filter((f) => f.table === table);
    if (!fks.length) return w(`${ind}Relationships: []`);
    w(`${ind}Relationships: [`);
    for (const f of fks) {
      w(`${ind}  {`);
      w(`${ind}    foreignKeyName: ${JSON.stringify(f.name)}`);
      w(`${ind}    columns: [${f.columns.map((c) => JSON.stringify(c)).join(', ')}]`);
      w(`${ind}    isOneToOne: ${f.oneToOne}`);
      w(`${ind}    referencedRelation: ${JSON.stringify(f.refTable)}`);
      w(`${ind}    referencedColumns: [${f.refColumns.map((c) => JSON.stringify(c)).join(', ')}]`);
      w(`${ind}  },`);
    }
    w(`${ind}]`);
  };

  const block = (rel: Relation, ind: string, withWrites: boolean) => {
    w(`${ind}${key(rel.name)}: {`);
    w(`${ind}  Row: {`);
    for (const c of rel.columns) w(`${ind}    ${key(c.name)}: ${colType(c)}${c.nullable ? ' | null' : ''}`);
    w(`${ind}  }`);
    if (withWrites) {
      w(`${ind}  Insert: {`);
      for (const c of rel.columns) {
        if (c.generated) w(`${ind}    ${key(c.name)}?: never`);
        else w(`${ind}    ${key(c.name)}${c.nullable || c.hasDefault || c.identity ? '?' : ''}: ${colType(c)}${c.nullable ? ' | null' : ''}`);
      }
      w(`${ind}  }`);
      w(`${ind}  Update: {`);
      for (const c of rel.columns) {
        if (c.generated) w(`${ind}    ${key(c.name)}?: never`);
        else w(`${ind}    ${key(c.name)}?: ${colType(c)}${c.nullable ? ' | null' : ''}`);
      }
      w(`${ind}  }`);
    }
    relationships(rel.name, `${ind}  `);
    w(`${ind}}`);
  };

  w('// Generated by `npm run gen:types` (scripts/gen-types.ts) from supabase/migrations. Do not edit by hand.');
  w('export type Json =');
  w('  | string');
  w('  | number');
  w('  | boolean');
  w('  | null');
  w('  | { [key: string]: Json | undefined }');
  w('  | Json[]');
  w('');
  w('export type Database = {');
  w('  // Allows to automatically instantiate createClient with right options');
  w('  // instead of createClient<Database, { PostgrestVersion: \'XX\' }>(URL, KEY)');
  w('  __InternalSupabase: {');
  w('    PostgrestVersion: "12"');
  w('  }');
  w(`  ${SCHEMA}: {`);
  const tables = model.relations.filter((r) => r.kind === 'r' || r.kind === 'p');
  const views = model.relations.filter((r) => r.kind === 'v' || r.kind === 'm');
  w('    Tables: {');
  for (const t of tables) block(t, '      ', true);
  w('    }');
  w(views.length ? '    Views: {' : '    Views: {');
  for (const v of views) block(v, '      ', v.updatable);
  if (!views.length) out[out.length - 1] = '    Views: {';
  if (!views.length) w('      [_ in never]: never');
  w('    }');
  w('    Functions: {');
  for (const f of model.functions) {
    w(`      ${key(f.name)}: {`);
    const named = f.args.filter((a) => a.name);
    if (!f.args.length) w('        Args: never');
    else {
      w('        Args: {');
      for (const a of [...named].sort((x, y) => x.name.localeCompare(y.name))) {
        w(`          ${key(a.name)}${a.hasDefault ? '?' : ''}: ${tsType(a.type, a.typtype, a.isArray, relNames)}`);
      }
      w('        }');
    }
    let ret: string;
    if (f.tableColumns) {
      ret = `{\n${f.tableColumns.map((c) => `          ${key(c.name)}: ${tsType(c.type, c.typtype, c.isArray, relNames)}`).join('\n')}\n        }[]`;
    } else if (f.returnRelation) {
      const rel = model.relations.find((r) => r.name === f.returnRelation)!;
      ret = `{\n${rel.columns.map((c) => `          ${key(c.name)}: ${colType(c)}${c.nullable ? ' | null' : ''}`).join('\n')}\n        }${f.returnsSet ? '[]' : ''}`;
    } else {
      ret = tsType(f.returnType, f.returnTyptype, f.returnIsArray, relNames) + (f.returnsSet ? '[]' : '');
    }
    w(`        Returns: ${ret}`);
    if (f.returnRelation) {
      w('        SetofOptions: {');
      w('          from: "*"');
      w(`          to: ${JSON.stringify(f.returnRelation)}`);
      w(`          isOneToOne: ${!f.returnsSet}`);
      w(`          isSetofReturn: ${f.returnsSet}`);
      w('        }');
    }
    w('      }');
  }
  if (!model.functions.length) w('      [_ in never]: never');
  w('    }');
  w('    Enums: {');
  for (const e of model.enums) w(`      ${key(e.name)}: ${e.values.map((v) => JSON.stringify(v)).join(' | ')}`);
  if (!model.enums.length) w('      [_ in never]: never');
  w('    }');
  w('    CompositeTypes: {');
  for (const c of model.composites) {
    w(`      ${key(c.name)}: {`);
    for (const col of c.columns) w(`        ${key(col.name)}: ${colType(col)} | null`);
    w('      }');
  }
  if (!model.composites.length) w('      [_ in never]: never');
  w('    }');
  w('  }');
  w('}');
  w('');
  w(HELPERS);
  w('export const Constants = {');
  w(`  ${SCHEMA}: {`);
  w('    Enums: {');
  for (const e of model.enums) w(`      ${key(e.name)}: [${e.values.map((v) => JSON.stringify(v)).join(', ')}],`);
  w('    },');
  w('  },');
  w('} as const');
  return out.join('\n') + '\n';
}

const HELPERS = `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never
`;

async function main() {
  const args = process.argv.slice(2);
  const outIdx = args.indexOf('--out');
  const outFile = outIdx >= 0 ? args[outIdx + 1]! : join(root, 'src/lib/database.types.ts');
  const check = args.includes('--check');
  const dataDir = mkdtempSync(join(tmpdir(), 'gen-types-'));
  const db = await openDatabase({ dataDir: join(dataDir, 'db') });
  try {
    // A supabase folder holding only the migrations (a symlink): the seed does not change the schema.
    const supabaseDir = join(dataDir, 'supabase');
    mkdirSync(supabaseDir);
    symlinkSync(join(root, 'supabase/migrations'), join(supabaseDir, 'migrations'), 'dir');
    await prepareDatabase(db, { supabaseDir, moduleSql: [] });
    const text = render(await introspect(db));
    if (check) {
      let current = '';
      try {
        current = readFileSync(outFile, 'utf8');
      } catch {
        /* missing */
      }
      if (current !== text) {
        console.error(`${outFile} is out of date: run npm run gen:types`);
        process.exitCode = 1;
      } else console.log(`${outFile} is up to date`);
    } else {
      writeFileSync(outFile, text);
      console.log(`wrote ${outFile}`);
    }
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
