import { Migration } from '@mikro-orm/migrations';

/**
 * A person may correct a brand verdict. `sentiment` then holds their verdict, so every reader (analytics, tracking,
 * exports) uses it without knowing corrections exist, and the analyser's verdict is kept in `original_sentiment`
 * with who corrected it and when. A re-analysis leaves corrected rows' verdict alone.
 */
export class Migration20261128120000_verdict_corrections extends Migration {
  override up(): void {
    this.addSql(`alter table brand_mentions add column original_sentiment varchar(16) null check (original_sentiment in ('positive', 'negative', 'neutral'))`);
    this.addSql(`alter table brand_mentions add column corrected_by uuid null references users (id) on delete set null`);
    this.addSql(`alter table brand_mentions add column corrected_at timestamptz null`);
    // The correction rate and the labelled-items export read only corrected rows.
    this.addSql(`create index brand_mentions_corrected_idx on brand_mentions (corrected_at) where corrected_at is not null`);
  }

  override down(): void {
    this.addSql('drop index if exists brand_mentions_corrected_idx');
    this.addSql('alter table brand_mentions drop column if exists corrected_at');
    this.addSql('alter table brand_mentions drop column if exists corrected_by');
    this.addSql('alter table brand_mentions drop column if exists original_sentiment');
  }
}
