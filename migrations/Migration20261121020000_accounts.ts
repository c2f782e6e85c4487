import { Migration } from '@mikro-orm/migrations';

/**
 * Accounts: users, their sessions and email verification tokens; requests gain their owner (a user, or a guest's
 * HMAC'd IP). Deleting a user deletes their sessions, tokens and history with them.
 */
export class Migration20261121020000_accounts extends Migration {
  override up(): void {
    this.addSql(`
      create table users (
        id uuid primary key,
        name varchar(100) not null check (char_length(btrim(name)) between 1 and 100),
        email varchar(254) not null unique check (email = lower(btrim(email)) and position('@' in email) > 1),
        email_verified boolean not null default false,
        password_hash text null,
        google_subject varchar(255) null unique,
        tier varchar(16) not null default 'registered' check (tier in ('registered', 'subscribed')),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        check (password_hash is not null or google_subject is not null)
      )`);
    this.addSql(`
      create table user_sessions (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        token_hash varchar(64) not null unique,
        created_at timestamptz not null default now(),
        last_seen_at timestamptz not null default now(),
        expires_at timestamptz not null,
        absolute_expires_at timestamptz not null,
        check (expires_at <= absolute_expires_at)
      )`);
    this.addSql(`create index user_sessions_user_id_index on user_sessions (user_id)`);
    this.addSql(`
      create table email_verification_tokens (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        email varchar(254) not null,
        token_hash varchar(64) not null unique,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz null
      )`);
    this.addSql(`create index email_verification_tokens_user_id_index on email_verification_tokens (user_id)`);
    this.addSql(`alter table search_requests add column user_id uuid null references users (id) on delete cascade`);
    this.addSql(`alter table search_requests add column guest_key varchar(64) null`);
    this.addSql(`create index search_requests_user_id_index on search_requests (user_id, created_at desc)`);
  }

  override down(): void {
    this.addSql('alter table search_requests drop column guest_key');
    this.addSql('alter table search_requests drop column user_id');
    this.addSql('drop table if exists email_verification_tokens');
    this.addSql('drop table if exists user_sessions');
    this.addSql('drop table if exists users');
  }
}
