import { Migration } from '@mikro-orm/migrations';

/**
 * A request counts its runs still open and those answered, so ending a run can settle its request in the same
 * statement: the ending that takes `open_runs` from 1 to 0 ends the request (completed if any run answered). The
 * count lives on the request's row, which every ending locks, so two runs ending at once see each other's ending
 * without reading the other runs. Existing requests are counted from their runs.
 */
export class Migration20261126040000_request_run_counts extends Migration {
  override up(): void {
    this.addSql(`alter table search_requests add column open_runs smallint not null default 0 check (open_runs >= 0)`);
    this.addSql(`alter table search_requests add column answered_runs smallint not null default 0 check (answered_runs >= 0)`);
    this.addSql(
      `update search_requests as request
          set open_runs = (select count(*) from model_runs as run where run.request_id = request.id and run.status in ('queued', 'running')),
              answered_runs = (select count(*) from model_runs as run where run.request_id = request.id and run.status = 'completed')`,
    );
  }

  override down(): void {
    this.addSql('alter table search_requests drop column if exists answered_runs');
    this.addSql('alter table search_requests drop column if exists open_runs');
  }
}
