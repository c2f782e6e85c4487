import { Migration } from '@mikro-orm/migrations';

/**
 * Providers change the model behind a name without notice, and a tracking trend across such a change compares two
 * different models. Each answer now keeps the model version its provider reported (null where none was reported,
 * as for every answer stored before this), and each tracking result copies it, so the dashboard can mark the change.
 * Tracking results also say which surface answered: a plain model, a model searching the web, or Google's AI
 * Overview; their numbers are never averaged together. Results recorded before this are labelled from their engine,
 * the only thing that told the surfaces apart then.
 */
export class Migration20261127110000_model_versions_and_surfaces extends Migration {
  override up(): void {
    this.addSql(`alter table model_runs add column model_version varchar(200) null`);
    this.addSql(`alter table tracking_results add column model_version varchar(200) null`);
    this.addSql(
      `alter table tracking_results add column surface varchar(16) not null default 'model' check (surface in ('model', 'web-search', 'ai-overview'))`,
    );
    this.addSql(`update tracking_results set surface = 'ai-overview' where engine = 'ai-overview'`);
    this.addSql(`update tracking_results set surface = 'web-search' where engine = 'perplexity'`);
    this.addSql(`alter table tracking_results alter column surface drop default`);
  }

  override down(): void {
    this.addSql(`alter table tracking_results drop column if exists surface`);
    this.addSql(`alter table tracking_results drop column if exists model_version`);
    this.addSql(`alter table model_runs drop column if exists model_version`);
  }
}
