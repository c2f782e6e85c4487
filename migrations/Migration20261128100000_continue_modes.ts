import { Migration } from '@mikro-orm/migrations';

/**
 * Three ways to continue a conversation, and edited questions. `continue_mode` says how a follow-up continued the
 * request before it: each model its own answers (`independent`), every model given one model's answer
 * (`carry`, whose model is `carry_from`, `engine/model`), or one model going on alone (`fork`). An edited question
 * is a new version of its turn: a request following up the same one as the question it replaces, with
 * `version_of` naming the first version, so every version of a turn is found from one id. Deleting the first
 * version leaves the others standing as questions of their own.
 */
export class Migration20261128100000_continue_modes extends Migration {
  override up(): void {
    this.addSql(
      `alter table search_requests add column continue_mode text not null default 'independent' check (continue_mode in ('independent', 'carry', 'fork'))`,
    );
    this.addSql(`alter table search_requests add column carry_from text null`);
    this.addSql(
      `alter table search_requests add constraint search_requests_carry_from_check check ((continue_mode = 'carry') = (carry_from is not null))`,
    );
    this.addSql(`alter table search_requests add column version_of uuid null references search_requests (id) on delete set null`);
    this.addSql(`create index search_requests_version_of_index on search_requests (version_of) where version_of is not null`);
  }

  override down(): void {
    this.addSql('drop index if exists search_requests_version_of_index');
    this.addSql('alter table search_requests drop column if exists version_of');
    this.addSql('alter table search_requests drop constraint if exists search_requests_carry_from_check');
    this.addSql('alter table search_requests drop column if exists carry_from');
    this.addSql('alter table search_requests drop column if exists continue_mode');
  }
}
