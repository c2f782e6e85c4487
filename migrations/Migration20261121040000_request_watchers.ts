import { Migration } from '@mikro-orm/migrations';

/**
 * A guest's request remembers the anonymous session that made it, the only one (besides a signed-in owner) allowed
 * to watch, resume or cancel it; and requests keep the brand configuration they were asked with, for history.
 */
export class Migration20261121040000_request_watchers extends Migration {
  override up(): void {
    this.addSql(`alter table search_requests add column guest_session_id varchar(36) null`);
    this.addSql(`alter table search_requests add column brand_config jsonb null`);
  }

  override down(): void {
    this.addSql('alter table search_requests drop column brand_config');
    this.addSql('alter table search_requests drop column guest_session_id');
  }
}
