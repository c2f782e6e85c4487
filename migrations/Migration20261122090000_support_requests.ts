import { Migration } from '@mikro-orm/migrations';

/**
 * Support requests from the Help & Support page. The checks repeat the contract's limits, so a row that slipped
 * past the API (or a script) cannot hold what the page could never have sent; they are written out rather than
 * imported, because a migration must keep meaning what it meant when it shipped. A sender's account may go; their
 * request stays, unlinked.
 */
export class Migration20261122090000_support_requests extends Migration {
  override up(): void {
    this.addSql(`
      create table support_requests (
        id uuid primary key,
        user_id uuid null references users (id) on delete set null,
        email varchar(254) not null check (position('@' in email) > 1),
        name varchar(100) not null check (char_length(btrim(name)) between 1 and 100),
        subject varchar(40) not null check (subject in ('General question', 'Credits & billing', 'Technical problem', 'Account & sign-in', 'Feature request', 'Other')),
        title varchar(200) not null check (char_length(btrim(title)) between 1 and 200),
        description text not null check (char_length(btrim(description)) between 10 and 2000),
        ip_hash varchar(64) not null check (ip_hash ~ '^[0-9a-f]{64}$'),
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index support_requests_created_at_index on support_requests (created_at desc)`);
    this.addSql(`create index support_requests_user_id_index on support_requests (user_id)`);
  }

  override down(): void {
    this.addSql('drop table if exists support_requests');
  }
}
