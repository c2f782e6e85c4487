import { Migration } from '@mikro-orm/migrations';

/**
 * The models page counts each model's ended runs of the last 7 days (`core/runs/model-figures.ts`). Without an index
 * on when a run ended, that is a scan of every run ever made; with this one, of the week's. Partial, because only
 * ended runs are ever counted, and the open ones are the rows that change most.
 */
export class Migration20261129120700_model_figures_index extends Migration {
  override up(): void {
    this.addSql(`create index model_runs_ended_index on model_runs (completed_at) where status in ('completed', 'error')`);
  }

  override down(): void {
    this.addSql('drop index if exists model_runs_ended_index');
  }
}
