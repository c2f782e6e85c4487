import { Migration } from '@mikro-orm/migrations';

/**
 * Tracking asks each cell (prompt × model × country) several times per run, because one AI answer is one noisy
 * reading. Sets that exist keep one sample per cell, so their cost does not triple without their owner deciding;
 * sets created from now on default to three. A run records how many samples it was laid out with, so its answers
 * map back to their prompts even if the set is edited while it runs. Alerts now test significance: each set keeps
 * its p-value threshold and the readings a window needs before it is compared at all.
 */
export class Migration20261126170000_tracking_samples extends Migration {
  override up(): void {
    this.addSql(`alter table tracking_sets add column samples_per_cell smallint not null default 1 check (samples_per_cell between 1 and 10)`);
    this.addSql(`alter table tracking_sets alter column samples_per_cell set default 3`);
    this.addSql(`alter table tracking_sets add column alert_p_value real not null default 0.05 check (alert_p_value > 0 and alert_p_value < 1)`);
    this.addSql(`alter table tracking_sets add column alert_min_readings smallint not null default 10 check (alert_min_readings between 1 and 1000)`);
    this.addSql(`alter table tracking_runs add column samples_per_cell smallint not null default 1 check (samples_per_cell between 1 and 10)`);
  }

  override down(): void {
    this.addSql(`alter table tracking_runs drop column if exists samples_per_cell`);
    this.addSql(`alter table tracking_sets drop column if exists alert_min_readings`);
    this.addSql(`alter table tracking_sets drop column if exists alert_p_value`);
    this.addSql(`alter table tracking_sets drop column if exists samples_per_cell`);
  }
}
