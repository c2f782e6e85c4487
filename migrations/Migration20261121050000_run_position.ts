import { Migration } from '@mikro-orm/migrations';

/** A comparison's runs keep the order the models were picked in, for results lists and history. */
export class Migration20261121050000_run_position extends Migration {
  override up(): void {
    this.addSql(`alter table model_runs add column position smallint not null default 0 check (position >= 0)`);
  }

  override down(): void {
    this.addSql('alter table model_runs drop column position');
  }
}
