/**
 * SQL the auth module needs on top of the core bootstrap (idempotent, runs on every start):
 * the sign-in method of a session (for the amr claim), one-time e-mail tokens (hashes
 * only) and the local mail outbox.
 */
export const authBootstrapSql = /* sql */ `
alter table auth.sessions add column if not exists sign_in_method text default 'password';

create schema if not exists _local;

create table if not exists _local.auth_otp (
  id bigserial primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  type text not null,
  token_hash text not null unique,
  otp_hash text,
  email text not null,
  redirect_to text,
  flow_state_id uuid,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
alter table _local.auth_otp add column if not exists failed_attempts int not null default 0;
create index if not exists auth_otp_email on _local.auth_otp (lower(email));
create index if not exists auth_otp_user_type on _local.auth_otp (user_id, type);
create index if not exists auth_otp_otp_hash on _local.auth_otp (otp_hash);

create table if not exists _local.auth_mail (
  id bigserial primary key,
  to_email text not null,
  subject text not null,
  html text not null,
  text text not null,
  links jsonb not null default '[]'::jsonb,
  type text not null,
  created_at timestamptz not null default now()
);
create index if not exists auth_mail_to on _local.auth_mail (lower(to_email), id desc);
`;
