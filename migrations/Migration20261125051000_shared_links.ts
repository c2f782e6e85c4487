import { Migration } from '@mikro-orm/migrations';

/**
 * Public read-only links to a finished request. The token is random (192 bits) and is the link itself, so it is
 * kept as it was made: the owner lists their links to copy them again, and the token opens nothing its owner did not
 * publish. Revoking sets `revoked_at`; a revoked link answers exactly like one that never existed. Deleting the
 * request or the account deletes its links.
 */
export class Migration20261125051000_shared_links extends Migration {
  override up(): void {
    this.addSql(`
      create table shared_links (
        token varchar(32) primary key check (token ~ '^[A-Za-z0-9_-]{32}$'),
        request_id uuid not null references search_requests (id) on delete cascade,
        user_id uuid not null references users (id) on delete cascade,
        created_at timestamptz not null default now(),
        revoked_at timestamptz null
      )`);
    this.addSql(`create unique index shared_links_live_request_index on shared_links (request_id) where revoked_at is null`);
    this.addSql(`create index shared_links_user_index on shared_links (user_id, created_at) where revoked_at is null`);
  }

  override down(): void {
    this.addSql('drop table if exists shared_links');
  }
}
