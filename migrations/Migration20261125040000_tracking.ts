import { Migration } from '@mikro-orm/migrations';

/**
 * GEO tracking. A set is a user's prompts, brand and models re-asked on a cadence. A run is one slot of a set's
 * schedule: unique on (set, slot start), so however many workers receive the slot's job, or however often BullMQ
 * replays it, exactly one of them inserts the row and asks the models. A result is one model's answer to one prompt
 * in one run, with its brand numbers copied from the analysis so the history outlives deleted request history.
 */
export class Migration20261125040000_tracking extends Migration {
  override up(): void {
    this.addSql(`
      create table tracking_sets (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        name varchar(100) not null check (char_length(name) between 1 and 100),
        brand jsonb not null check (jsonb_typeof(brand) = 'object'),
        prompts jsonb not null check (jsonb_typeof(prompts) = 'array' and jsonb_array_length(prompts) between 1 and 25),
        models jsonb not null check (jsonb_typeof(models) = 'array' and jsonb_array_length(models) >= 1),
        ai_overview_params jsonb null,
        cadence varchar(16) not null check (cadence in ('daily', 'weekly')),
        alert_threshold smallint not null default 20 check (alert_threshold between 1 and 100),
        status varchar(16) not null default 'active' check (status in ('active', 'paused')),
        paused_reason varchar(32) null check (paused_reason in ('owner', 'insufficient_credits')),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        check ((status = 'paused') = (paused_reason is not null))
      )`);
    this.addSql(`create index tracking_sets_user_index on tracking_sets (user_id, created_at desc)`);
    this.addSql(`
      create table tracking_runs (
        id uuid primary key,
        set_id uuid not null references tracking_sets (id) on delete cascade,
        slot_start timestamptz not null,
        status varchar(16) not null default 'running' check (status in ('running', 'completed', 'skipped')),
        request_ids jsonb not null default '[]' check (jsonb_typeof(request_ids) = 'array'),
        job_id varchar(255) null,
        started_at timestamptz not null default now(),
        completed_at timestamptz null,
        unique (set_id, slot_start)
      )`);
    this.addSql(`
      create table tracking_results (
        id uuid primary key,
        run_id uuid not null references tracking_runs (id) on delete cascade,
        set_id uuid not null references tracking_sets (id) on delete cascade,
        model_run_id uuid not null unique,
        prompt_index smallint not null check (prompt_index >= 0),
        prompt text not null,
        engine varchar(64) not null,
        model varchar(128) not null,
        country varchar(8) null,
        language varchar(8) null,
        status varchar(16) not null check (status in ('completed', 'error')),
        mentioned boolean not null default false,
        position smallint null check (position >= 1),
        sentiment varchar(16) null check (sentiment in ('positive', 'negative', 'neutral')),
        share_of_voice real null check (share_of_voice between 0 and 1),
        brand_mentions integer not null default 0 check (brand_mentions >= 0),
        all_brand_mentions integer not null default 0 check (all_brand_mentions >= brand_mentions),
        cited_domains jsonb not null default '[]' check (jsonb_typeof(cited_domains) = 'array'),
        credits_charged integer not null default 0 check (credits_charged >= 0),
        answer text null,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index tracking_results_set_index on tracking_results (set_id, created_at, id)`);
    this.addSql(`create index tracking_results_run_index on tracking_results (run_id)`);
  }

  override down(): void {
    this.addSql('drop table if exists tracking_results');
    this.addSql('drop table if exists tracking_runs');
    this.addSql('drop table if exists tracking_sets');
  }
}
