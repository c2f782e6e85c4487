import { Migration } from '@mikro-orm/migrations';

/**
 * The blind arena. A round is a request of kind `arena` with the order its runs are labelled in (Model A, B, …,
 * shuffled on the server) and the names its answers must not show before the vote. A vote is kept with the round's
 * category and turned into pairwise outcomes (one row per pair of models, `score_a` 1, ½ or 0), which is all the
 * leaderboard reads. Leaderboards are computed by a scheduled job and stored, one row per category.
 */
export class Migration20261125050000_arena extends Migration {
  override up(): void {
    this.addSql(`alter table search_requests drop constraint if exists search_requests_kind_check`);
    this.addSql(`alter table search_requests add constraint search_requests_kind_check check (kind in ('single', 'comparison', 'arena'))`);
    this.addSql(`
      create table arena_rounds (
        request_id uuid primary key references search_requests (id) on delete cascade,
        category varchar(16) not null check (category in ('general', 'coding', 'writing', 'reasoning', 'knowledge')),
        run_order jsonb not null check (jsonb_typeof(run_order) = 'array'),
        hidden_names jsonb not null check (jsonb_typeof(hidden_names) = 'array'),
        revealed_at timestamptz null,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`
      create table arena_votes (
        request_id uuid primary key references arena_rounds (request_id) on delete cascade,
        user_id uuid null references users (id) on delete set null,
        category varchar(16) not null,
        verdict varchar(16) not null check (verdict in ('best', 'ranking', 'all_bad')),
        vote jsonb not null,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`
      create table arena_outcomes (
        id bigserial primary key,
        request_id uuid not null references arena_votes (request_id) on delete cascade,
        user_id uuid null references users (id) on delete set null,
        category varchar(16) not null,
        model_a text not null,
        model_b text not null,
        score_a real not null check (score_a in (0, 0.5, 1)),
        check (model_a <> model_b)
      )`);
    this.addSql(`create index arena_outcomes_category_index on arena_outcomes (category)`);
    this.addSql(`create index arena_outcomes_user_index on arena_outcomes (user_id) where user_id is not null`);
    this.addSql(`
      create table arena_leaderboards (
        category varchar(16) primary key,
        computed_at timestamptz not null,
        votes integer not null check (votes >= 0),
        entries jsonb not null check (jsonb_typeof(entries) = 'array')
      )`);
  }

  override down(): void {
    this.addSql('drop table if exists arena_leaderboards');
    this.addSql('drop table if exists arena_outcomes');
    this.addSql('drop table if exists arena_votes');
    this.addSql('drop table if exists arena_rounds');
    this.addSql(`delete from search_requests where kind = 'arena'`);
    this.addSql(`alter table search_requests drop constraint if exists search_requests_kind_check`);
    this.addSql(`alter table search_requests add constraint search_requests_kind_check check (kind in ('single', 'comparison'))`);
  }
}
