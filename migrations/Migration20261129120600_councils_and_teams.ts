import { Migration } from '@mikro-orm/migrations';

/**
 * Councils and saved teams. A council belongs to the comparison it reviewed: its reviews are one comparison request
 * (one run per reviewing model) and its chairman's answer one single request, both charged like any answer; the row
 * keeps which label stood for which answer, so a review that never saw a model's name can be read back with it.
 * A team is a person's named set of models with their column settings and an optional judge or council; names are
 * unique per person whatever their case. Deleting the account (or the reviewed request) deletes them.
 */
export class Migration20261129120600_councils_and_teams extends Migration {
  override up(): void {
    this.addSql(`
      create table councils (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        request_id uuid not null references search_requests (id) on delete cascade,
        review_request_id uuid not null,
        chairman_engine varchar(64) not null,
        chairman_model varchar(128) not null,
        chairman_request_id uuid,
        answers jsonb not null,
        created_at timestamptz not null default now()
      )`);
    this.addSql('create index councils_request_idx on councils (request_id, created_at)');
    this.addSql('create unique index councils_review_request_idx on councils (review_request_id)');
    this.addSql(`
      create table teams (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        name varchar(60) not null check (char_length(btrim(name)) between 1 and 60),
        models jsonb not null,
        judge jsonb,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql('create unique index teams_user_name_idx on teams (user_id, lower(name))');
  }

  override down(): void {
    this.addSql('drop table if exists teams');
    this.addSql('drop table if exists councils');
  }
}
