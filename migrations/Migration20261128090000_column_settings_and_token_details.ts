import { Migration } from '@mikro-orm/migrations';

/**
 * Each model of a request may now be asked with its own settings (a system prompt, a temperature), kept on its run so
 * a follow-up or a regenerated answer asks it the same way and the history can say how it was asked. Each answer also
 * keeps two more figures from its provider's usage: the input tokens read from the provider's prompt cache and the
 * output tokens spent reasoning. All three are null for every run stored before this, as for a model that reports none.
 */
export class Migration20261128090000_column_settings_and_token_details extends Migration {
  override up(): void {
    this.addSql(`alter table model_runs add column settings jsonb null`);
    this.addSql(`alter table model_runs add column cached_tokens integer null check (cached_tokens >= 0)`);
    this.addSql(`alter table model_runs add column reasoning_tokens integer null check (reasoning_tokens >= 0)`);
  }

  override down(): void {
    this.addSql(`alter table model_runs drop column if exists reasoning_tokens`);
    this.addSql(`alter table model_runs drop column if exists cached_tokens`);
    this.addSql(`alter table model_runs drop column if exists settings`);
  }
}
