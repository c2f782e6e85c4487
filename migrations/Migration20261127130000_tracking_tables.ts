import { Migration } from '@mikro-orm/migrations';

/**
 * What the tracking tables and the event-driven slot need.
 *
 * A result keeps the judge's recommendation of the brand (null when no judge ran, so the recommendation rate counts
 * judged answers only) and each competitor's mention count (for competitors' share of voice per prompt, and for the
 * domains cited next to competitors but never next to the brand). Rows recorded before this are filled from the
 * brand analysis they were copied from.
 *
 * A run records when every sample was admitted: an answer that ends before then must not finish the run, since
 * later samples are still to be asked. The partial index finds the running slot an ended request belongs to.
 */
export class Migration20261127130000_tracking_tables extends Migration {
  override up(): void {
    this.addSql(
      `alter table tracking_results add column recommendation text null
         check (recommendation in ('recommended', 'mentioned', 'compared_unfavourably', 'not_mentioned'))`,
    );
    this.addSql(`alter table tracking_results add column competitors jsonb not null default '[]' check (jsonb_typeof(competitors) = 'array')`);
    this.addSql(`
      update tracking_results as result
         set recommendation = mention.recommendation,
             competitors = coalesce((select jsonb_agg(jsonb_build_object('name', competitor->>'name', 'mentions', coalesce((competitor->>'mentions')::int, 0)))
                                       from jsonb_array_elements(mention.competitors) as competitor), '[]'::jsonb)
        from brand_mentions as mention
       where mention.run_id = result.model_run_id`);
    this.addSql(`alter table tracking_runs add column admitted_at timestamptz null`);
    this.addSql(`update tracking_runs set admitted_at = coalesce(completed_at, started_at) where status <> 'running'`);
    this.addSql(`create index tracking_runs_open_requests_index on tracking_runs using gin (request_ids jsonb_path_ops) where status = 'running'`);
  }

  override down(): void {
    this.addSql('drop index if exists tracking_runs_open_requests_index');
    this.addSql('alter table tracking_runs drop column if exists admitted_at');
    this.addSql('alter table tracking_results drop column if exists competitors');
    this.addSql('alter table tracking_results drop column if exists recommendation');
  }
}
