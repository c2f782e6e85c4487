import { Migration } from '@mikro-orm/migrations';

/**
 * Follow-up questions. A request may continue an earlier one (`follow_up_of`), and each of its runs carries the
 * conversation its model is given: that same model's earlier questions and answers in the thread, so every column
 * of a comparison continues its own conversation. A model asked again on its own (Retry, Regenerate) is a request
 * with `retry_of` set: its newest answer replaces that model's answer in the conversation. Deleting a request leaves
 * its follow-ups and retries standing on their own.
 */
export class Migration20261125060000_follow_ups extends Migration {
  override up(): void {
    this.addSql(`alter table search_requests add column follow_up_of uuid null references search_requests (id) on delete set null`);
    this.addSql(`create index search_requests_follow_up_of_index on search_requests (follow_up_of) where follow_up_of is not null`);
    this.addSql(`alter table search_requests add column retry_of uuid null references search_requests (id) on delete set null`);
    this.addSql(`create index search_requests_retry_of_index on search_requests (retry_of) where retry_of is not null`);
    this.addSql(`alter table model_runs add column conversation jsonb null check (conversation is null or jsonb_typeof(conversation) = 'array')`);
  }

  override down(): void {
    this.addSql('alter table model_runs drop column if exists conversation');
    this.addSql('drop index if exists search_requests_retry_of_index');
    this.addSql('alter table search_requests drop column if exists retry_of');
    this.addSql('drop index if exists search_requests_follow_up_of_index');
    this.addSql('alter table search_requests drop column if exists follow_up_of');
  }
}
