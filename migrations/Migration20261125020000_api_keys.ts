import { Migration } from '@mikro-orm/migrations';

/**
 * Developer API keys and what asks with them. A key is kept only as the SHA-256 of its secret (the secret is random,
 * so no salt or slow hash is needed) with a short prefix to recognise it by. A request asked with a key names it,
 * which is how a key's usage and monthly cap are counted; a conversation's earlier turns ride with the request, so
 * the worker can hand them to the model.
 */
export class Migration20261125020000_api_keys extends Migration {
  override up(): void {
    this.addSql(`
      create table api_keys (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        name varchar(60) not null check (char_length(name) between 1 and 60),
        prefix varchar(16) not null,
        key_hash char(64) not null unique,
        monthly_credit_cap integer null check (monthly_credit_cap > 0),
        requests_per_minute integer not null check (requests_per_minute > 0),
        created_at timestamptz not null default now(),
        last_used_at timestamptz null,
        revoked_at timestamptz null
      )`);
    this.addSql(`create index api_keys_user_index on api_keys (user_id, created_at) where revoked_at is null`);
    this.addSql(`alter table search_requests add column api_key_id uuid null references api_keys (id) on delete set null`);
    this.addSql(
      `alter table search_requests add column conversation jsonb null check (conversation is null or jsonb_typeof(conversation) = 'array')`,
    );
    this.addSql(`create index search_requests_api_key_index on search_requests (api_key_id, created_at) where api_key_id is not null`);
  }

  override down(): void {
    this.addSql('alter table search_requests drop column if exists conversation');
    this.addSql('alter table search_requests drop column if exists api_key_id');
    this.addSql('drop table if exists api_keys');
  }
}
