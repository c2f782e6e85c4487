import { Migration } from '@mikro-orm/migrations';

/**
 * A request says what it is: `kind` (one model or a comparison) and `streamed` (asked through a streaming endpoint),
 * instead of coding both into `engine`/`model`. A comparison's engines and models are its runs', so its own columns
 * become null. Requests from before did not record whether a single question was streamed: they count as not.
 */
export class Migration20261121060000_request_kind extends Migration {
  override up(): void {
    this.addSql(`alter table search_requests add column kind varchar(16) not null default 'single' check (kind in ('single', 'comparison'))`);
    this.addSql(`alter table search_requests add column streamed boolean not null default false`);
    this.addSql(`alter table search_requests alter column engine drop not null, alter column model drop not null`);
    this.addSql(`
      update search_requests
         set kind = 'comparison', streamed = (engine = 'comparison_stream'), engine = null, model = null
       where engine in ('comparison', 'comparison_stream')`);
    this.addSql(`
      alter table search_requests add constraint search_requests_kind_names_check
        check ((kind = 'single') = (engine is not null and model is not null))`);
  }

  override down(): void {
    this.addSql(`alter table search_requests drop constraint search_requests_kind_names_check`);
    this.addSql(`
      update search_requests as request
         set engine = case when request.streamed then 'comparison_stream' else 'comparison' end,
             model = 'comparison:' || (
               select string_agg(run.engine || '/' || run.model, ',' order by run.position)
                 from model_runs as run
                where run.request_id = request.id)
       where request.kind = 'comparison'`);
    this.addSql(`update search_requests set model = 'comparison:' where model is null`);
    this.addSql(`alter table search_requests alter column engine set not null, alter column model set not null`);
    this.addSql(`alter table search_requests drop column streamed, drop column kind`);
  }
}
