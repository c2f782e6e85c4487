import { Migration } from '@mikro-orm/migrations';

/**
 * Account settings and recovery: single-use mailed links for a password reset and for moving an account to a new
 * address (`account_tokens`, stored as hashes like every other token), and the browser a session was opened in, so
 * the settings page can list the signed-in devices. An account that moves to a new address keeps its one grant.
 */
export class Migration20261126110000_account_tokens extends Migration {
  override up(): void {
    this.addSql(`
      create table account_tokens (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        purpose varchar(16) not null check (purpose in ('password_reset', 'email_change')),
        new_email varchar(254) null check (new_email = lower(btrim(new_email)) and position('@' in new_email) > 1),
        token_hash varchar(64) not null unique,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz null,
        check ((purpose = 'email_change') = (new_email is not null)),
        check (expires_at > created_at)
      )`);
    this.addSql(`create index account_tokens_user_id_index on account_tokens (user_id, purpose)`);
    this.addSql(`alter table user_sessions add column user_agent varchar(300) null`);
    // An account's grant is found by account, not by reference, once accounts can move to a new address.
    this.addSql(`create index credit_entries_grant_index on credit_entries (account_id) where kind = 'grant'`);
  }

  override down(): void {
    this.addSql('drop index if exists credit_entries_grant_index');
    this.addSql('alter table user_sessions drop column user_agent');
    this.addSql('drop table if exists account_tokens');
  }
}
