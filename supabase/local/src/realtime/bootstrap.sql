-- Realtime change capture without logical replication (works on PGlite and PostgreSQL 15).
-- A row trigger on every table of the supabase_realtime publication NOTIFYs 'realtime_changes';
-- NOTIFY is delivered only when the transaction commits, so subscribers see committed changes only.
-- Idempotent: runs on every start.

create schema if not exists realtime;

-- Payloads too large for NOTIFY (8000 bytes) wait here; the platform reads and deletes them.
create table if not exists realtime.change_overflow (
  id bigserial primary key,
  payload text not null,
  created_at timestamptz not null default now()
);

-- One row change -> one notification: schema, table, type, record (new row), old_record
-- (primary key only, or the full old row with REPLICA IDENTITY FULL), commit_timestamp.
-- A DELETE on a table with row-level security also carries the whole old row as old_row, for
-- the platform's policy check only (subscribers get old_record).
create or replace function realtime.capture_change() returns trigger
language plpgsql
security definer
set search_path = pg_catalog, pg_temp
as $$
declare
  _old jsonb;
  _ident "char";
  _msg text;
  _id bigint;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select relreplident into _ident from pg_class where oid = tg_relid;
    if _ident = 'f' then
      _old := to_jsonb(old);
    else
      select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb) into _old
      from jsonb_each(to_jsonb(old)) e
      where e.key in (
        select a.attname::text
        from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
        where i.indrelid = tg_relid and i.indisprimary
      );
    end if;
  end if;
  _msg := jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'commit_timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'record', case when tg_op = 'DELETE' then null else to_jsonb(new) end,
    'old_record', _old,
    'old_row', case when tg_op = 'DELETE' and (select relrowsecurity from pg_class where oid = tg_relid) then to_jsonb(old) end
  )::text;
  if octet_length(_msg) > 7500 then
    insert into realtime.change_overflow (payload) values (_msg) returning id into _id;
    _msg := json_build_object('overflow', _id)::text;
  end if;
  perform pg_notify('realtime_changes', _msg);
  return null;
end
$$;

-- Puts the capture trigger on exactly the tables of the supabase_realtime publication.
create or replace function realtime.sync_publication_triggers() returns void
language plpgsql
set search_path = pg_catalog, pg_temp
as $$
declare
  _r record;
begin
  for _r in
    select t.tgrelid::regclass as tbl
    from pg_trigger t
    where t.tgname = 'supabase_realtime_capture'
      and t.tgrelid not in (
        select format('%I.%I', p.schemaname, p.tablename)::regclass::oid
        from pg_publication_tables p
        where p.pubname = 'supabase_realtime'
      )
  loop
    execute format('drop trigger if exists supabase_realtime_capture on %s', _r.tbl);
  end loop;
  for _r in
    select c.oid::regclass as tbl
    from pg_publication_tables p
    join pg_namespace n on n.nspname = p.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime'
      and c.relkind in ('r', 'p')
      and p.schemaname <> 'realtime'
      and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'supabase_realtime_capture')
  loop
    execute format(
      'create trigger supabase_realtime_capture after insert or update or delete on %s '
      'for each row execute function realtime.capture_change()', _r.tbl);
  end loop;
end
$$;

-- Keeps the triggers in sync with ALTER PUBLICATION / CREATE TABLE, and tells the platform
-- to drop its cached column metadata after table changes.
create or replace function realtime.on_ddl() returns event_trigger
language plpgsql
as $$
begin
  if tg_tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO') then
    begin
      perform realtime.sync_publication_triggers();
    exception when others then
      -- Never fail the user's DDL over realtime; the platform re-syncs at start and on joins.
      raise warning 'realtime: could not sync capture triggers: %', sqlerrm;
    end;
  end if;
  if tg_tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'ALTER TABLE', 'DROP TABLE', 'CREATE TABLE',
                'CREATE TYPE', 'ALTER TYPE', 'CREATE DOMAIN', 'ALTER DOMAIN') then
    perform pg_notify('realtime_schema', tg_tag);
  end if;
end
$$;

-- Needs a superuser; without one the platform still re-syncs at start, on joins and on
-- NOTIFY pgrst (migrations end with it).
do $$
begin
  drop event trigger if exists supabase_realtime_ddl;
  create event trigger supabase_realtime_ddl on ddl_command_end execute function realtime.on_ddl();
exception when insufficient_privilege then
  raise notice 'realtime: no event trigger (not a superuser)';
end
$$;

-- A per-table RLS checker with static SQL, so Postgres caches its plan across calls and
-- claims: realtime.visible_<table oid>(pk jsonb, claims jsonb array) returns boolean[].
-- (Re)created by the platform whenever it (re)loads the table's metadata. Null: no primary key.
create or replace function realtime.prepare_table(tbl regclass) returns text
language plpgsql
set search_path = pg_catalog, pg_temp
as $$
declare
  _cond text;
  _name text := 'visible_' || tbl::oid;
begin
  select string_agg(format('%I = ($1 ->> %L)::%s', a.attname, a.attname, format_type(a.atttypid, a.atttypmod)), ' and ')
  into _cond
  from pg_index i
  join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
  where i.indrelid = tbl and i.indisprimary;
  if _cond is null then
    execute format('drop function if exists realtime.%I(jsonb, jsonb)', _name);
    return null;
  end if;
  execute format($fn$
    create or replace function realtime.%I(jsonb, jsonb) returns boolean[]
    language plpgsql
    set search_path = pg_catalog, pg_temp
    as $body$
    declare
      _rt_result boolean[] := '{}';
      _rt_claims jsonb;
      _rt_ok boolean;
    begin
      for _rt_claims in select value from jsonb_array_elements($2) loop
        perform set_config('role', _rt_claims ->> 'role', true),
                set_config('request.jwt.claims', _rt_claims::text, true),
                set_config('request.jwt.claim.sub', coalesce(_rt_claims ->> 'sub', ''), true),
                set_config('request.jwt.claim.role', _rt_claims ->> 'role', true);
        select exists (select 1 from %s where %s) into _rt_ok;
        _rt_result := _rt_result || coalesce(_rt_ok, false);
      end loop;
      return _rt_result;
    end
    $body$
  $fn$, _name, tbl, _cond);
  execute format('revoke all on function realtime.%I(jsonb, jsonb) from public', _name);
  return _name;
end
$$;

-- Row-level security for delivery: for each claims object (JWT claims, with `role`) whether
-- that caller may SELECT the row identified by `pk` now. One call per change, all subscribers.
-- Not SECURITY DEFINER (SET ROLE is refused there): only the platform's superuser calls it.
-- DELETE (`deleted`): the row is gone, so its policies are checked against the old row
-- (`old_row`) put back for the check inside a subtransaction that is then rolled back, with
-- triggers off (session_replication_role = replica): only callers who could see the row get
-- the event. Without the old row, or when it cannot be put back (its key was reused since),
-- nobody subject to row-level security gets it.
drop function if exists realtime.visible_to(regclass, jsonb, jsonb, boolean);
create or replace function realtime.visible_to(tbl regclass, pk jsonb, claims_list jsonb, deleted boolean default false, old_row jsonb default null)
returns boolean[]
language plpgsql
set search_path = pg_catalog, pg_temp
as $$
declare
  _result boolean[] := array_fill(false, array[jsonb_array_length(claims_list)]);
  _rls boolean;
  _idx int[] := '{}';
  _todo jsonb := '[]';
  _flags boolean[];
  _one boolean[];
  _fn text;
  _cond text;
  _sql text;
  _r record;
  _cols text;
  _orig text := current_setting('role');
begin
  select relrowsecurity into _rls from pg_class where oid = tbl;
  for _r in
    select e.ordinality::int as i, e.value as claims,
           coalesce(ro.rolsuper or ro.rolbypassrls, false) as bypass,
           coalesce(has_table_privilege(ro.oid, tbl, 'SELECT'), false) as can_select
    from jsonb_array_elements(claims_list) with ordinality e
    left join pg_roles ro on ro.rolname = coalesce(e.value ->> 'role', 'anon')
  loop
    if not _r.can_select then
      continue;
    elsif not _rls or _r.bypass then
      _result[_r.i] := true;
    else
      _idx := _idx || _r.i;
      _todo := _todo || jsonb_build_array(_r.claims || jsonb_build_object('role', coalesce(_r.claims ->> 'role', 'anon')));
    end if;
  end loop;
  if coalesce(array_length(_idx, 1), 0) = 0 then
    return _result;
  end if;

  _fn := 'visible_' || tbl::oid;
  if to_regprocedure(format('realtime.%I(jsonb, jsonb)', _fn)) is null then
    _fn := realtime.prepare_table(tbl);
  end if;
  if _fn is not null then
    _sql := format('select realtime.%I($1, $2)', _fn);
  else
    -- No primary key: match the row on the columns we were given (no cached plan).
    select string_agg(format('%I = ($1 ->> %L)::%s', a.attname, a.attname, format_type(a.atttypid, a.atttypmod)), ' and ')
    into _cond
    from pg_attribute a
    where a.attrelid = tbl and a.attnum > 0 and not a.attisdropped
      and a.attname::text in (select jsonb_object_keys(pk));
    _sql := format($q$
      select array_agg(ok order by n) from (
        select n, (select set_config('role', c ->> 'role', true) is not null
                      and set_config('request.jwt.claims', c::text, true) is not null
                      and set_config('request.jwt.claim.sub', coalesce(c ->> 'sub', ''), true) is not null
                      and exists (select 1 from %s where %s)) as ok
        from jsonb_array_elements($2) with ordinality x(c, n)) s $q$, tbl, coalesce(_cond, 'false'));
  end if;

  if deleted then
    if old_row is null then
      return _result;
    end if;
    select string_agg(quote_ident(a.attname), ', ') into _cols
    from pg_attribute a
    where a.attrelid = tbl and a.attnum > 0 and not a.attisdropped and a.attgenerated = '';
    begin
      perform set_config('session_replication_role', 'replica', true);
      execute format('insert into %s (%s) overriding system value select %s from jsonb_populate_record(null::%s, $1)', tbl, _cols, _cols, tbl)
        using old_row;
      execute _sql into _flags using pk, _todo;
      raise exception using errcode = 'RT001', message = 'undo the re-inserted row';
    exception
      when sqlstate 'RT001' then null;
      when others then _flags := '{}';
    end;
  else
    begin
      execute _sql into _flags using pk, _todo;
    exception when others then
      -- One claims set failing (a policy error) must not hide the row from the others.
      _flags := '{}';
      for i in 1 .. array_length(_idx, 1) loop
        begin
          execute _sql into _one using pk, jsonb_build_array(_todo -> (i - 1));
          _flags := _flags || coalesce(_one[1], false);
        exception when others then
          _flags := _flags || false;
        end;
      end loop;
    end;
  end if;
  for i in 1 .. array_length(_idx, 1) loop
    _result[_idx[i]] := coalesce(_flags[i], false);
  end loop;
  perform set_config('role', _orig, true);
  perform set_config('request.jwt.claims', '', true);
  perform set_config('request.jwt.claim.sub', '', true);
  perform set_config('request.jwt.claim.role', '', true);
  return _result;
end
$$;

-- visible_to for a batch of changes [{tbl, pk, claims, deleted, old}] -> JSON array of boolean arrays.
create or replace function realtime.visible_batch(items jsonb) returns text
language sql
set search_path = pg_catalog, pg_temp
as $$
  select coalesce(jsonb_agg(to_jsonb(realtime.visible_to((x.i ->> 'tbl')::regclass, x.i -> 'pk', x.i -> 'claims', (x.i ->> 'deleted')::boolean, nullif(x.i -> 'old', 'null'::jsonb))) order by x.n), '[]'::jsonb)::text
  from jsonb_array_elements(items) with ordinality x(i, n)
$$;

revoke all on table realtime.change_overflow from public;
revoke all on function realtime.visible_batch(jsonb) from public;
revoke all on function realtime.visible_to(regclass, jsonb, jsonb, boolean, jsonb) from public;
revoke all on function realtime.sync_publication_triggers() from public;
revoke all on function realtime.prepare_table(regclass) from public;
do $$
declare
  _r text;
begin
  foreach _r in array array['anon', 'authenticated', 'service_role'] loop
    if exists (select from pg_roles where rolname = _r) then
      execute format('revoke all on function realtime.visible_to(regclass, jsonb, jsonb, boolean, jsonb) from %I', _r);
      execute format('revoke all on function realtime.sync_publication_triggers() from %I', _r);
      execute format('revoke all on function realtime.prepare_table(regclass) from %I', _r);
      execute format('revoke all on function realtime.visible_batch(jsonb) from %I', _r);
    end if;
  end loop;
end
$$;
