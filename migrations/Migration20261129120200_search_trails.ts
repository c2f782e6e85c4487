import { Migration } from '@mikro-orm/migrations';

/**
 * An answer's search trail: the queries the model ran and each page it retrieved and cited, with Google's redirect
 * links followed to the real site (`contract/search-trail.ts`). Stored with the answer in the statement that completes
 * it; null for answers without web search and for those stored before this. A set's retrieval figures read it through
 * `tracking_results.model_run_id`.
 */
export class Migration20261129120200_search_trails extends Migration {
  override up(): void {
    this.addSql(
      `alter table model_runs add column search_trail jsonb null check (search_trail is null or (jsonb_typeof(search_trail -> 'queries') = 'array' and jsonb_typeof(search_trail -> 'sources') = 'array'))`,
    );
  }

  override down(): void {
    this.addSql('alter table model_runs drop column if exists search_trail');
  }
}
