-- The staff panel's user search: one page of profiles matched by e-mail or name, with the
-- counts staff look at (listings, tickets). Profiles are readable by staff through RLS, but
-- the counts would need the listings and tickets of every user on the page: one function
-- answers the page and its total in a single round trip.

/**
 * Staff only: profiles whose e-mail or display name contains p_query (case-insensitive,
 * trimmed; empty matches everyone), newest first, p_limit (1..100) from p_offset, each with
 * its listings and tickets counts and the total of matches.
 */
create or replace function private.admin_search_users(p_query text default '', p_limit integer default 20, p_offset integer default 0)
returns table (
  id uuid, email text, display_name text, role text, credits integer, created_at timestamptz,
  listings_count integer, tickets_count integer, total_count integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  pattern text := '%' || replace(replace(replace(trim(coalesce(p_query, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%';
begin
  perform private.require_staff();
  return query
    with matched as (
      select p.* from public.profiles p
       where p.email ilike pattern or coalesce(p.display_name, '') ilike pattern
    )
    select m.id, m.email, m.display_name, m.role, m.credits, m.created_at,
           (select count(*)::integer from public.listings l where l.user_id = m.id),
           (select count(*)::integer from public.tickets tk where tk.user_id = m.id),
           (select count(*)::integer from matched)
      from matched m
     order by m.created_at desc, m.id
     limit least(greatest(coalesce(p_limit, 20), 1), 100) offset greatest(coalesce(p_offset, 0), 0);
end
$$;

revoke execute on function private.admin_search_users(text, integer, integer) from public, anon;
grant execute on function private.admin_search_users(text, integer, integer) to authenticated, service_role;

/** The API's entry point to private.admin_search_users, the SECURITY DEFINER body. */
create or replace function public.admin_search_users(p_query text default '', p_limit integer default 20, p_offset integer default 0)
returns table (
  id uuid, email text, display_name text, role text, credits integer, created_at timestamptz,
  listings_count integer, tickets_count integer, total_count integer
)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.admin_search_users(p_query, p_limit, p_offset)
$$;

revoke execute on function public.admin_search_users(text, integer, integer) from public, anon;
grant execute on function public.admin_search_users(text, integer, integer) to authenticated, service_role;
