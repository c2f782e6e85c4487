import { Migration } from '@mikro-orm/migrations';

/** Requests and their per-model runs; CHECK constraints keep statuses honest even against hand-written SQL. */
export class Migration20261121000000_requests_and_runs extends Migration {
  override up(): void {
    this.addSql(`
      create table search_requests (
        id uuid primary key,
        query text not null check (char_length(query) between 1 and 500),
        engine varchar(64) not null,
        model text not null,
        search_enabled boolean not null default false,
        brand_monitoring_enabled boolean not null default false,
        status varchar(16) not null default 'pending' check (status in ('pending', 'completed', 'error')),
        error_message text null,
        created_at timestamptz not null default now(),
        completed_at timestamptz null
      )`);
    this.addSql(`create index search_requests_created_at_index on search_requests (created_at desc)`);
    this.addSql(`
      create table model_runs (
        id uuid primary key,
        request_id uuid not null references search_requests (id) on delete cascade,
        engine varchar(64) not null,
        model varchar(128) not null,
        status varchar(16) not null default 'queued' check (status in ('queued', 'running', 'completed', 'error')),
        answer_text text null,
        finish_reason varchar(64) null,
        error_code varchar(64) null,
        error_message text null,
        input_tokens integer null check (input_tokens >= 0),
        output_tokens integer null check (output_tokens >= 0),
        created_at timestamptz not null default now(),
        started_at timestamptz null,
        first_token_at timestamptz null,
        completed_at timestamptz null,
        check (status <> 'completed' or answer_text is not null)
      )`);
    this.addSql(`create index model_runs_request_id_index on model_runs (request_id)`);
    this.addSql(`create index model_runs_open_index on model_runs (status, started_at) where status in ('queued', 'running')`);
  }

  override down(): void {
    this.addSql('drop table if exists model_runs');
    this.addSql('drop table if exists search_requests');
  }
}
