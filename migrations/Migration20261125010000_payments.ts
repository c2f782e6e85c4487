import { Migration } from '@mikro-orm/migrations';

/**
 * Card purchases. A purchase row is written before Stripe hears of it, so the PaymentIntent's idempotency key and
 * metadata can name it; the credits arrive as one ledger `purchase` entry whose reference is the intent id, so the
 * browser's confirmation and Stripe's webhook can race and still credit once. Refunds and disputes take credits
 * back as `reversal` entries (never below zero: what was already spent is recorded as unrecovered). Stripe's event
 * ids are kept, so a webhook delivered twice is handled once.
 */
export class Migration20261125010000_payments extends Migration {
  override up(): void {
    this.addSql(`
      create table credit_purchases (
        id uuid primary key,
        user_id uuid null references users (id) on delete set null,
        account_id uuid not null references credit_accounts (id),
        credits integer not null check (credits > 0),
        amount_cents integer not null check (amount_cents > 0),
        currency varchar(3) not null check (currency ~ '^[a-z]{3}$'),
        package_id varchar(64) null,
        payment_intent_id varchar(255) null unique,
        status varchar(16) not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
        credited_at timestamptz null,
        reversed_credits integer not null default 0,
        unrecovered_credits integer not null default 0,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        check ((status = 'succeeded') = (credited_at is not null)),
        check (reversed_credits between 0 and credits),
        check (unrecovered_credits between 0 and reversed_credits)
      )`);
    this.addSql(`create index credit_purchases_user_id_index on credit_purchases (user_id, created_at desc)`);
    this.addSql(`
      create table payment_events (
        id varchar(255) primary key,
        type varchar(100) not null,
        received_at timestamptz not null default now()
      )`);
    // A reversal takes credits back (negative); the other kinds keep their signs.
    this.addSql(`alter table credit_entries drop constraint credit_entries_kind_check`);
    this.addSql(`alter table credit_entries drop constraint credit_entries_check`);
    this.addSql(`alter table credit_entries add constraint credit_entries_kind_check check (kind in ('grant', 'purchase', 'charge', 'refund', 'reversal', 'adjustment'))`);
    this.addSql(`
      alter table credit_entries add constraint credit_entries_check check (
        (kind in ('grant', 'purchase', 'refund') and amount > 0) or (kind in ('charge', 'reversal') and amount < 0) or kind = 'adjustment'
      )`);
  }

  override down(): void {
    this.addSql(`delete from credit_entries where kind = 'reversal'`);
    this.addSql(`alter table credit_entries drop constraint credit_entries_kind_check`);
    this.addSql(`alter table credit_entries drop constraint credit_entries_check`);
    this.addSql(`alter table credit_entries add constraint credit_entries_kind_check check (kind in ('grant', 'purchase', 'charge', 'refund', 'adjustment'))`);
    this.addSql(`alter table credit_entries add constraint credit_entries_check check ((kind in ('grant', 'purchase', 'refund') and amount > 0) or (kind = 'charge' and amount < 0) or kind = 'adjustment')`);
    this.addSql('drop table if exists payment_events');
    this.addSql('drop table if exists credit_purchases');
  }
}
