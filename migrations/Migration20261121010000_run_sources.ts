import { Migration } from '@mikro-orm/migrations';

/**
 * Web sources an answer cites (web search, Perplexity citations, AI Overview references), stored with it; and the
 * AI Overview engine's country and language, which the worker needs to ask SerpApi.
 */
export class Migration20261121010000_run_sources extends Migration {
  override up(): void {
    this.addSql(`alter table model_runs add column sources jsonb not null default '[]'::jsonb check (jsonb_typeof(sources) = 'array')`);
    this.addSql(`alter table search_requests add column ai_overview_params jsonb null`);
  }

  override down(): void {
    this.addSql('alter table model_runs drop column sources');
    this.addSql('alter table search_requests drop column ai_overview_params');
  }
}
