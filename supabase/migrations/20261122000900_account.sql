-- Account self-service for /profile-settings: delete my account, download my data (GDPR
-- arts. 17 and 20). Both act only on the caller (auth.uid()).

/**
 * Why: a user must be able to erase their account without staff help (GDPR art. 17), and
 * clients cannot delete from auth.users. Deleting the auth user cascades to profiles and
 * from there to listings, photos rows, credit transactions, coupons, notifications, push
 * subscriptions and payments; tickets keep their history with user_id set to null.
 * The photo rows' triggers queue their files, which storage-cleanup removes through the
 * Storage API after commit (storage migration). A banned account cannot be deleted (docs/decisions/0807-banning.md): deleting it would free
 * the address for a fresh, unbanned sign-up.
 */
create or replace function private.delete_my_account() returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
begin
  if uid is null then
    raise exception 'Utente non autenticato.' using errcode = '42501', detail = 'not_authenticated';
  end if;
  if exists (select 1 from public.profiles p where p.id = uid and p.role = 'banned') then
    raise exception 'Il tuo account è sospeso e non può essere eliminato. Per informazioni contatta l''assistenza.'
      using errcode = '42501', detail = 'banned';
  end if;
  delete from auth.users where id = uid;
end
$$;

/**
 * Why: the right to data portability (GDPR art. 20) - one JSON document with everything the
 * portal keeps about the caller, readable by them without staff help. SECURITY DEFINER so
 * rows that row-level security hides from the owner (payments, used coupons) are included,
 * always restricted to the caller's own id or e-mail.
 */
create or replace function private.export_my_data() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  mail text;
  result jsonb;
begin
  if uid is null then
    raise exception 'Utente non autenticato.' using errcode = '42501', detail = 'not_authenticated';
  end if;
  select p.email into mail from public.profiles p where p.id = uid;
  select jsonb_build_object(
    'exported_at', now(),
    'profile', (select to_jsonb(p) from public.profiles p where p.id = uid),
    'listings', coalesce((
      select jsonb_agg(to_jsonb(l) || jsonb_build_object('photos', coalesce((
               select jsonb_agg(jsonb_build_object('url', ph.url, 'is_primary', ph.is_primary, 'created_at', ph.created_at))
                 from public.listing_photos ph where ph.listing_id = l.id), '[]'::jsonb))
             order by l.created_at)
        from public.listings l where l.user_id = uid), '[]'::jsonb),
    'credit_transactions', coalesce((select jsonb_agg(to_jsonb(c) order by c.created_at) from public.credit_transactions c where c.user_id = uid), '[]'::jsonb),
    'payments', coalesce((select jsonb_agg(to_jsonb(pay) order by pay.created_at) from public.payments pay where pay.user_id = uid), '[]'::jsonb),
    'applied_coupons', coalesce((
      select jsonb_agg(jsonb_build_object('code', co.code, 'applied_at', uc.applied_at, 'consumed_at', uc.consumed_at) order by uc.applied_at)
        from public.user_coupons uc join public.coupons co on co.id = uc.coupon_id where uc.user_id = uid), '[]'::jsonb),
    'used_coupons', coalesce((
      select jsonb_agg(jsonb_build_object('code', co.code, 'used_at', u.used_at) order by u.used_at)
        from public.used_coupons u join public.coupons co on co.id = u.coupon_id where u.user_id = uid), '[]'::jsonb),
    'tickets', coalesce((
      select jsonb_agg(to_jsonb(tk) || jsonb_build_object('messages', coalesce((
               select jsonb_agg(jsonb_build_object('author_role', tm.author_role, 'body', tm.body, 'created_at', tm.created_at) order by tm.created_at)
                 from public.ticket_messages tm where tm.ticket_id = tk.id), '[]'::jsonb))
             order by tk.created_at)
        from public.tickets tk
       where tk.user_id = uid or (mail is not null and lower(tk.reporter_email) = lower(mail))), '[]'::jsonb),
    'notifications', coalesce((select jsonb_agg(to_jsonb(n) order by n.created_at) from public.admin_notifications n where n.user_id = uid), '[]'::jsonb),
    'push_subscriptions', coalesce((
      select jsonb_agg(jsonb_build_object('endpoint', s.endpoint, 'created_at', s.created_at))
        from public.push_subscriptions s where s.user_id = uid), '[]'::jsonb),
    'listing_reports', coalesce((
      select jsonb_agg(jsonb_build_object('listing_id', r.listing_id, 'reason', r.reason, 'details', r.details, 'reporter_email', r.reporter_email, 'status', r.status, 'created_at', r.created_at))
        from public.listing_reports r where r.reporter_id = uid), '[]'::jsonb)
  ) into result;
  return result;
end
$$;

revoke execute on function private.delete_my_account(), private.export_my_data() from public, anon;
grant execute on function private.delete_my_account(), private.export_my_data() to authenticated;

-- ---------------------------------------------------------------------------------------
-- The API: PostgREST exposes public only, so SECURITY DEFINER bodies live in private and
-- public keeps SECURITY INVOKER wrappers with the same signatures and grants.

/** The API's entry point to private.delete_my_account, the SECURITY DEFINER body. */
create or replace function public.delete_my_account() returns void
language sql
security invoker
set search_path = ''
as $$
  select private.delete_my_account()
$$;

/** The API's entry point to private.export_my_data, the SECURITY DEFINER body. */
create or replace function public.export_my_data() returns jsonb
language sql
security invoker
set search_path = ''
as $$
  select private.export_my_data()
$$;

revoke execute on function public.delete_my_account() from public, anon;
revoke execute on function public.export_my_data() from public, anon;
grant execute on function public.delete_my_account(), public.export_my_data() to authenticated;
