import { Migration } from '@mikro-orm/migrations';

/**
 * An answer's fact-check against its brand's fact sheet (the sheet itself lives in the brand config, on the set and on
 * the request). One row per checked answer, so an answer checked with no statement about the brand still counts in the
 * share's denominator; the statements as a JSON array (`{verdict, quote, fact}`), and the count of contradicted ones
 * kept beside it so the dashboard's share reads a column instead of unpacking every array. Made by the worker, after
 * the answer is stored; gone with the answer.
 */
export class Migration20261129120100_brand_fact_checks extends Migration {
  override up(): void {
    this.addSql(`
      create table answer_fact_checks (
        run_id uuid primary key references model_runs (id) on delete cascade,
        judge_model varchar(200) not null,
        statements jsonb not null,
        contradictions smallint not null check (contradictions >= 0),
        dropped_statements smallint not null default 0 check (dropped_statements >= 0),
        checked_at timestamptz not null default now()
      )`);
  }

  override down(): void {
    this.addSql('drop table if exists answer_fact_checks');
  }
}
