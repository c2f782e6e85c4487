import { Migration } from '@mikro-orm/migrations';

/** One answer's style as the arena counts it (`core/arena/answer-style.ts`), in SQL, for the outcomes already stored. */
const styleOf = (text: string): string => `jsonb_build_object(
  'words', (select count(*) from regexp_matches(${text}, '\\S+', 'g')),
  'headers', (select count(*) from regexp_matches(${text}, '^ {0,3}#{1,6}[ \\t]+\\S', 'gn')),
  'listItems', (select count(*) from regexp_matches(${text}, '^[ \\t]*(?:[-*+]|\\d{1,9}[.)])[ \\t]+\\S', 'gn')),
  'bold', (select count(*) from regexp_matches(${text}, '\\*\\*[^*\\n]+\\*\\*|__[^_\\n]+__', 'g')))`;

/**
 * Style control and vote integrity for the arena. Each outcome keeps both answers' style (length and markdown
 * counts), so the style-controlled fit can take it out, and how much it counts: a vote cast faster than its answers
 * could be read counts 0 (with the reason kept on the vote), a young account's counts less. Outcomes stored before
 * this get their styles counted here from the answers and keep their full weight. Each category now has two stored
 * boards, raw and style-controlled, each with the details of its fit (style effects, hidden models, the rules).
 */
export class Migration20261127160000_arena_style_and_integrity extends Migration {
  override up(): void {
    this.addSql(`alter table arena_votes add column weight real not null default 1 check (weight >= 0 and weight <= 1)`);
    this.addSql(`alter table arena_votes add column dropped_reason varchar(32) null check (dropped_reason in ('read_too_fast'))`);
    this.addSql(`alter table arena_votes add column reading_seconds real null`);
    this.addSql(`alter table arena_outcomes add column weight real not null default 1 check (weight >= 0 and weight <= 1)`);
    this.addSql(`alter table arena_outcomes add column style_a jsonb null`);
    this.addSql(`alter table arena_outcomes add column style_b jsonb null`);
    this.addSql(`
      update arena_outcomes outcome set
        style_a = (select ${styleOf('run.answer_text')} from model_runs run
                    where run.request_id = outcome.request_id and run.engine || '/' || run.model = outcome.model_a and run.answer_text is not null limit 1),
        style_b = (select ${styleOf('run.answer_text')} from model_runs run
                    where run.request_id = outcome.request_id and run.engine || '/' || run.model = outcome.model_b and run.answer_text is not null limit 1)`);
    this.addSql(`alter table arena_leaderboards add column style varchar(16) not null default 'raw' check (style in ('raw', 'controlled'))`);
    this.addSql(`alter table arena_leaderboards add column details jsonb not null default '{}'::jsonb`);
    this.addSql(`alter table arena_leaderboards drop constraint arena_leaderboards_pkey`);
    this.addSql(`alter table arena_leaderboards add primary key (category, style)`);
  }

  override down(): void {
    this.addSql(`delete from arena_leaderboards where style <> 'raw'`);
    this.addSql(`alter table arena_leaderboards drop constraint arena_leaderboards_pkey`);
    this.addSql(`alter table arena_leaderboards add primary key (category)`);
    this.addSql(`alter table arena_leaderboards drop column details, drop column style`);
    this.addSql(`alter table arena_outcomes drop column style_b, drop column style_a, drop column weight`);
    this.addSql(`alter table arena_votes drop column reading_seconds, drop column dropped_reason, drop column weight`);
  }
}
