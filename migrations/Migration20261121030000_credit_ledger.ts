import { Migration } from '@mikro-orm/migrations';

/**
 * The credit ledger. Balances are never overwritten by guesswork: every change is an entry with a unique reference,
 * and a request reserves its price as holds that end exactly once (captured into a charge, or released). The
 * database enforces what it can: no negative balance, never more held than owned, one charge per run, one grant per
 * reason, a hold resolved once.
 */
export class Migration20261121030000_credit_ledger extends Migration {
  override up(): void {
    this.addSql(`
      create table credit_accounts (
        id uuid primary key,
        user_id uuid null unique references users (id) on delete set null,
        guest_key varchar(64) null unique,
        balance bigint not null default 0,
        held bigint not null default 0,
        created_at timestamptz not null default now(),
        anonymised_at timestamptz null,
        check (balance >= 0),
        check (held >= 0 and held <= balance),
        check (user_id is not null or guest_key is not null or anonymised_at is not null)
      )`);
    this.addSql(`
      create table credit_entries (
        id uuid primary key,
        account_id uuid not null references credit_accounts (id),
        kind varchar(16) not null check (kind in ('grant', 'purchase', 'charge', 'refund', 'adjustment')),
        amount bigint not null check (amount <> 0),
        reference varchar(200) not null unique,
        created_at timestamptz not null default now(),
        check ((kind in ('grant', 'purchase', 'refund') and amount > 0) or (kind = 'charge' and amount < 0) or kind = 'adjustment')
      )`);
    this.addSql(`create index credit_entries_account_id_index on credit_entries (account_id, created_at)`);
    this.addSql(`
      create table credit_holds (
        id uuid primary key,
        account_id uuid not null references credit_accounts (id),
        run_id uuid not null unique,
        amount bigint not null check (amount > 0),
        status varchar(16) not null default 'held' check (status in ('held', 'captured', 'released')),
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        resolved_at timestamptz null,
        check ((status = 'held') = (resolved_at is null))
      )`);
    this.addSql(`create index credit_holds_open_index on credit_holds (expires_at) where status = 'held'`);
    this.addSql(`alter table model_runs add column credits_charged integer not null default 0 check (credits_charged >= 0)`);
  }

  override down(): void {
    this.addSql('alter table model_runs drop column credits_charged');
    this.addSql('drop table if exists credit_holds');
    this.addSql('drop table if exists credit_entries');
    this.addSql('drop table if exists credit_accounts');
  }
}
