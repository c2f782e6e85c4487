import { Migration } from '@mikro-orm/migrations';

/**
 * Canary prompts for tracked sets: brand-free questions asked of every model once per run, so a change in how the
 * models answer anything can be told apart from a change in how they see the brand. A set keeps its canary prompts;
 * a run keeps the requests that asked them apart from its brand requests, so they never count as brand readings.
 */
export class Migration20261128110000_tracking_canaries extends Migration {
  override up(): void {
    this.addSql(`alter table tracking_sets add column canary_prompts jsonb not null default '[]'::jsonb`);
    this.addSql(`alter table tracking_runs add column canary_request_ids jsonb not null default '[]'::jsonb`);
    // An ending canary answer finds its running slot as a brand answer does (see tracking_runs_open_requests_index).
    this.addSql(`create index tracking_runs_open_canaries_index on tracking_runs using gin (canary_request_ids jsonb_path_ops) where status = 'running'`);
  }

  override down(): void {
    this.addSql(`drop index tracking_runs_open_canaries_index`);
    this.addSql(`alter table tracking_runs drop column canary_request_ids`);
    this.addSql(`alter table tracking_sets drop column canary_prompts`);
  }
}
