import { Migration } from '@mikro-orm/migrations';

/**
 * A brand result keeps why it was reached and who reached it: the deciding passage and its cue words, a judge
 * model's recommendation and reason when one judged it, and the analyser (kind, version, judge model) so results
 * made by different analysers stay comparable. All nullable: rows stored before these existed have none, and
 * `npm run brand:reanalyse` fills them from the stored answers.
 */
export class Migration20261126140000_brand_evidence extends Migration {
  override up(): void {
    this.addSql(`alter table brand_mentions add column evidence jsonb null`);
    this.addSql(
      `alter table brand_mentions add column recommendation text null
         check (recommendation in ('recommended', 'mentioned', 'compared_unfavourably', 'not_mentioned'))`,
    );
    this.addSql(`alter table brand_mentions add column judge_reason text null`);
    this.addSql(`alter table brand_mentions add column analyser jsonb null`);
  }

  override down(): void {
    this.addSql('alter table brand_mentions drop column if exists analyser');
    this.addSql('alter table brand_mentions drop column if exists judge_reason');
    this.addSql('alter table brand_mentions drop column if exists recommendation');
    this.addSql('alter table brand_mentions drop column if exists evidence');
  }
}
