import { Migration } from '@mikro-orm/migrations';

/** A person's own judge instruction per mode; a mode without a row uses Quorum's. Deleting the account deletes them. */
export class Migration20261127091000_judge_prompts extends Migration {
  override up(): void {
    this.addSql(`
      create table judge_prompts (
        user_id uuid not null references users (id) on delete cascade,
        mode varchar(16) not null check (mode in ('agreement', 'merge', 'critique', 'rank')),
        instruction text not null check (char_length(instruction) between 1 and 300),
        updated_at timestamptz not null default now(),
        primary key (user_id, mode)
      )`);
  }

  override down(): void {
    this.addSql('drop table if exists judge_prompts');
  }
}
