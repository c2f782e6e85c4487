import { Migration } from '@mikro-orm/migrations';

/**
 * A tracking run's questions are requests of their own kind, `tracking`, so the chat history (which lists only
 * `single` and `comparison`) never shows them; they are seen on the tracking dashboard. Requests already asked by
 * tracking runs (listed in `tracking_runs.request_ids`) become `tracking` too; like a comparison, such a request
 * names its engines and models on its runs, not on itself.
 */
export class Migration20261127120000_tracking_request_kind extends Migration {
  override up(): void {
    this.addSql(`alter table search_requests drop constraint if exists search_requests_kind_check`);
    this.addSql(`alter table search_requests add constraint search_requests_kind_check check (kind in ('single', 'comparison', 'arena', 'tracking'))`);
    this.addSql(`
      update search_requests set kind = 'tracking', engine = null, model = null
       where id in (select jsonb_array_elements_text(request_ids)::uuid from tracking_runs)`);
  }

  override down(): void {
    // Back to what they were asked as: one run is a single question naming its model, several a comparison.
    this.addSql(`
      update search_requests as request
         set kind = case when runs.count = 1 then 'single' else 'comparison' end,
             engine = case when runs.count = 1 then runs.engine end,
             model = case when runs.count = 1 then runs.model end
        from (select request_id, count(*) as count, min(engine) as engine, min(model) as model from model_runs group by request_id) as runs
       where runs.request_id = request.id and request.kind = 'tracking'`);
    this.addSql(`alter table search_requests drop constraint if exists search_requests_kind_check`);
    this.addSql(`alter table search_requests add constraint search_requests_kind_check check (kind in ('single', 'comparison', 'arena'))`);
  }
}
