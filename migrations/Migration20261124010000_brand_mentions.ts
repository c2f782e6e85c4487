import { Migration } from '@mikro-orm/migrations';

/**
 * Brand monitoring's record: one row per analysed answer, written with the answer. The JSON columns hold what the
 * analysis found (terms, offsets, passages, competitors, cited domains); the checks keep the numbers in range.
 * Indexed for the per-user pages: newest first, and by brand.
 */
export class Migration20261124010000_brand_mentions extends Migration {
  override up(): void {
    this.addSql(`
      create table brand_mentions (
        id uuid primary key,
        run_id uuid not null unique references model_runs (id) on delete cascade,
        request_id uuid not null references search_requests (id) on delete cascade,
        user_id uuid not null references users (id) on delete cascade,
        brand_name varchar(100) not null check (char_length(brand_name) between 1 and 100),
        website_url varchar(500) null,
        mentioned boolean not null,
        sentiment varchar(16) not null check (sentiment in ('positive', 'negative', 'neutral')),
        confidence real not null check (confidence between 0 and 1),
        context text null,
        contexts jsonb not null default '[]' check (jsonb_typeof(contexts) = 'array'),
        keywords_found jsonb not null default '[]' check (jsonb_typeof(keywords_found) = 'array'),
        positions jsonb not null default '[]' check (jsonb_typeof(positions) = 'array'),
        competitors jsonb not null default '[]' check (jsonb_typeof(competitors) = 'array'),
        share_of_voice real null check (share_of_voice between 0 and 1),
        rank smallint null check (rank >= 1),
        cited_domains jsonb not null default '[]' check (jsonb_typeof(cited_domains) = 'array'),
        brand_domain_cited boolean not null default false,
        created_at timestamptz not null default now(),
        check (mentioned = (confidence > 0)),
        check (mentioned or (context is null and rank is null))
      )`);
    this.addSql(`create index brand_mentions_user_created_at_index on brand_mentions (user_id, created_at desc)`);
    this.addSql(`create index brand_mentions_user_brand_name_index on brand_mentions (user_id, brand_name)`);
    // Deleting a request (or a user's requests) finds its rows without a scan.
    this.addSql(`create index brand_mentions_request_id_index on brand_mentions (request_id)`);
  }

  override down(): void {
    this.addSql('drop table if exists brand_mentions');
  }
}
