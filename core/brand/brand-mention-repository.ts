import type { EntityManager } from '@mikro-orm/postgresql';
import type { BrandConfig } from '../../contract/ask.ts';
import type { BrandAnalyser, BrandAnalytics, CompetitorMention, MentionRecord, RecentBrand, RecommendationLevel, Sentiment, SentimentEvidence, Surface } from '../../contract/brand.ts';
import { ANSWER_SURFACE_SQL } from './answer-surface.ts';
import { correctionOf } from './stored-brand-mentions.ts';
import { FACT_CHECK_COLUMNS, factCheckFromRow, type FactCheckRow } from './fact-check-repository.ts';
import { brandLean, brandTrend, DAILY_SERIES_DAYS, judgeAgreement, TOP_CITED_DOMAINS } from './brand-analytics.ts';

/**
 * The queries behind the Brand Mentions page, always for one user: their stored mentions, the analytics over
 * every analysed answer (counted in SQL), and the brand configs they used. Reads `brand_mentions` (one row per
 * analysed answer, see `core/brand/stored-brand-mentions.ts`) and `search_requests`.
 */

/** A timestamp as the contract's date-time (ISO 8601, UTC, milliseconds); raw queries return Postgres's own format. */
const iso = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface MentionsFilter {
  /** Only this brand (as written in its config). */
  brandName?: string | undefined;
  /** Only answers by this model id. */
  model?: string | undefined;
  sentiment?: Sentiment | undefined;
  surface?: Surface | undefined;
  /** Only mentions whose context, question or found keywords contain this, any case. */
  search?: string | undefined;
  /** Only mentions from the last this many days. */
  days: number;
}

export interface MentionsPage {
  /** How many to return, and how many of the newest to skip first. */
  limit: number;
  offset: number;
}

/** `%`, `_` and `\\` match themselves in a search, not any text. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** The filters as one SQL condition over `mention`, `run` and `request`, with its parameters in order. */
function mentionsWhere(userId: string, filter: MentionsFilter): { sql: string; params: unknown[] } {
  const optional = (value: string | undefined, column: string) => ({ sql: `(?::text is null or ${column} = ?)`, params: [value ?? null, value ?? null] });
  const parts: { sql: string; params: unknown[] }[] = [
    { sql: 'mention.user_id = ? and mention.mentioned', params: [userId] },
    { sql: 'mention.created_at >= now() - make_interval(days => ?)', params: [filter.days] },
    optional(filter.brandName, 'mention.brand_name'),
    optional(filter.model, 'run.model'),
    optional(filter.sentiment, 'mention.sentiment'),
    optional(filter.surface, ANSWER_SURFACE_SQL),
    {
      sql: `(?::text is null or mention.context ilike ? or request.query ilike ? or mention.keywords_found::text ilike ?)`,
      params: [filter.search ?? null, ...Array(3).fill(filter.search === undefined ? null : likePattern(filter.search))],
    },
  ];
  return { sql: parts.map((part) => part.sql).join(' and '), params: parts.flatMap((part) => part.params) };
}

const MENTIONS_FROM = `from brand_mentions as mention
       join model_runs as run on run.id = mention.run_id
       join search_requests as request on request.id = mention.request_id
       left join answer_fact_checks as fact_check on fact_check.run_id = mention.run_id`;

const MENTION_COLUMNS = `mention.id, mention.brand_name, mention.sentiment, mention.confidence, mention.context,
            mention.keywords_found, mention.positions, mention.evidence, mention.recommendation, mention.judge_reason,
            mention.analyser, mention.competitors, ${iso('mention.created_at')} as created_at,
            mention.original_sentiment, mention.corrected_by, ${iso('mention.corrected_at')} as corrected_at,
            request.id as request_id, request.query, run.engine, run.model, ${ANSWER_SURFACE_SQL} as surface,
            ${FACT_CHECK_COLUMNS}`;

/** One of the user's mentions by id, as the mentions page lists it; null when it is not theirs or does not exist. */
export async function findMention(em: EntityManager, userId: string, mentionId: string): Promise<MentionRecord | null> {
  const rows = await em.execute<MentionRow[]>(
    `select ${MENTION_COLUMNS} ${MENTIONS_FROM} where mention.user_id = ? and mention.id = ?`,
    [userId, mentionId],
  );
  return rows[0] ? mentionRecord(rows[0]) : null;
}

/** The answers that named the brand, newest first, with the question and the model that answered. */
export async function findMentions(em: EntityManager, userId: string, filter: MentionsFilter, page: MentionsPage): Promise<MentionRecord[]> {
  const where = mentionsWhere(userId, filter);
  const rows = await em.execute<MentionRow[]>(
    `select ${MENTION_COLUMNS}
       ${MENTIONS_FROM}
      where ${where.sql}
      order by mention.created_at desc, mention.id desc
      limit ? offset ?`,
    [...where.params, page.limit, page.offset],
  );
  return rows.map(mentionRecord);
}

/** How many mentions match the filters, over every page. */
export async function countMentions(em: EntityManager, userId: string, filter: MentionsFilter): Promise<number> {
  const where = mentionsWhere(userId, filter);
  const [row] = await em.execute<{ total: number }[]>(`select count(*)::int as total ${MENTIONS_FROM} where ${where.sql}`, where.params);
  return row?.total ?? 0;
}

function mentionRecord(row: MentionRow): MentionRecord {
  return {
    id: row.id,
    brandName: row.brand_name,
    sentiment: row.sentiment,
    confidence: row.confidence,
    context: row.context,
    keywordsFound: row.keywords_found,
    positions: row.positions,
    // Rows stored before the analyser was recorded have none of these; the contract leaves them out then.
    ...(row.analyser ? { evidence: row.evidence, analyser: row.analyser } : {}),
    ...(row.recommendation ? { recommendation: row.recommendation } : {}),
    ...(row.judge_reason ? { judgeReason: row.judge_reason } : {}),
    verdictBy: row.original_sentiment ? 'person' : row.analyser?.kind === 'judge' ? 'judge' : 'local',
    ...correctionOf(row.original_sentiment, row.corrected_at, row.corrected_by),
    competitors: row.competitors,
    createdAt: row.created_at,
    surface: row.surface,
    request: { id: row.request_id, query: row.query, engine: row.engine, model: row.model },
    factCheck: factCheckFromRow(row),
  };
}

interface MentionRow extends FactCheckRow {
  id: string;
  brand_name: string;
  sentiment: Sentiment;
  confidence: number;
  context: string | null;
  keywords_found: string[];
  positions: number[];
  evidence: SentimentEvidence | null;
  recommendation: RecommendationLevel | null;
  judge_reason: string | null;
  analyser: BrandAnalyser | null;
  original_sentiment: Sentiment | null;
  corrected_by: string | null;
  corrected_at: string | null;
  competitors: CompetitorMention[];
  created_at: string;
  request_id: string;
  query: string;
  engine: string;
  model: string;
  surface: Surface;
}

/** One entry per brand the user monitored, the most recently analysed first. */
export async function brandAnalytics(em: EntityManager, userId: string): Promise<BrandAnalytics[]> {
  const [totals, daily, byModel, competitors, domains] = await Promise.all([
    em.execute<TotalsRow[]>(
      `select brand_name,
              (array_agg(website_url order by created_at desc) filter (where website_url is not null))[1] as website_url,
              count(*)::int as total_requests,
              count(*) filter (where mentioned)::int as total_mentions,
              count(*) filter (where mentioned and sentiment = 'positive')::int as positive_mentions,
              count(*) filter (where mentioned and sentiment = 'negative')::int as negative_mentions,
              count(*) filter (where mentioned and sentiment = 'neutral')::int as neutral_mentions,
              coalesce(round(avg(confidence) filter (where mentioned)::numeric, 2), 0)::float8 as avg_confidence,
              round(100.0 * count(*) filter (where mentioned) / count(*), 1)::float8 as mention_rate,
              coalesce(sum(jsonb_array_length(positions)), 0)::int as brand_matches,
              count(*) filter (where mentioned and analyser ->> 'kind' = 'judge' and analyser ->> 'localSentiment' is not null)::int as judged,
              -- The judge's verdict is the stored one, or the original when a person corrected it.
              count(*) filter (where mentioned and analyser ->> 'kind' = 'judge'
                                 and analyser ->> 'localSentiment' = coalesce(original_sentiment, sentiment))::int as judge_agreed,
              count(*) filter (where mentioned and corrected_at is not null)::int as corrected,
              ${iso('min(created_at)')} as first_request_at,
              ${iso('max(created_at)')} as last_request_at
         from brand_mentions
        where user_id = ?
        group by brand_name
        order by max(created_at) desc, brand_name`,
      [userId],
    ),
    // Every day of the window, empty days included, counted by UTC date.
    em.execute<DailyRow[]>(
      `select brand.brand_name, to_char(day.day, 'YYYY-MM-DD') as date,
              count(mention.id)::int as answers, count(mention.id) filter (where mention.mentioned)::int as mentions
         from (select distinct brand_name from brand_mentions where user_id = ?) as brand
        cross join generate_series((now() at time zone 'UTC')::date - ${DAILY_SERIES_DAYS - 1}, (now() at time zone 'UTC')::date, interval '1 day') as day (day)
         left join brand_mentions as mention
           on mention.user_id = ? and mention.brand_name = brand.brand_name
          and mention.created_at >= day.day at time zone 'UTC' and mention.created_at < (day.day + interval '1 day') at time zone 'UTC'
        group by brand.brand_name, day.day
        order by brand.brand_name, day.day`,
      [userId, userId],
    ),
    em.execute<ByModelRow[]>(
      `select mention.brand_name, run.engine, run.model,
              count(*)::int as answers, count(*) filter (where mention.mentioned)::int as mentions
         from brand_mentions as mention
         join model_runs as run on run.id = mention.run_id
        where mention.user_id = ?
        group by mention.brand_name, run.engine, run.model
        order by answers desc, run.engine, run.model`,
      [userId],
    ),
    em.execute<NamedCountRow[]>(
      `select mention.brand_name, competitor.value ->> 'name' as name, sum((competitor.value ->> 'mentions')::int)::int as count
         from brand_mentions as mention
        cross join jsonb_array_elements(mention.competitors) as competitor
        where mention.user_id = ?
        group by mention.brand_name, competitor.value ->> 'name'
        order by count desc, name`,
      [userId],
    ),
    em.execute<NamedCountRow[]>(
      `select brand_name, name, count
         from (select mention.brand_name, domain.value as name, count(*)::int as count,
                      row_number() over (partition by mention.brand_name order by count(*) desc, domain.value) as place
                 from brand_mentions as mention
                cross join jsonb_array_elements_text(mention.cited_domains) as domain
                where mention.user_id = ?
                group by mention.brand_name, domain.value) as ranked
        where place <= ${TOP_CITED_DOMAINS}
        order by place`,
      [userId],
    ),
  ]);

  const ofBrand = <Row extends { brand_name: string }>(rows: Row[], brandName: string) => rows.filter((row) => row.brand_name === brandName);
  return totals.map((row) => {
    const counts = { totalMentions: row.total_mentions, positiveMentions: row.positive_mentions, negativeMentions: row.negative_mentions };
    return {
      brandName: row.brand_name,
      websiteUrl: row.website_url,
      totalRequests: row.total_requests,
      ...counts,
      neutralMentions: row.neutral_mentions,
      avgConfidence: row.avg_confidence,
      firstRequestAt: row.first_request_at,
      lastRequestAt: row.last_request_at,
      mentionRate: row.mention_rate,
      trend: brandTrend(counts),
      lean: brandLean(row.positive_mentions, row.negative_mentions),
      judgeAgreement: judgeAgreement(row.judge_agreed, row.judged),
      corrections: { corrected: row.corrected, rate: row.total_mentions === 0 ? null : row.corrected / row.total_mentions },
      series: {
        daily: ofBrand(daily, row.brand_name).map(({ date, answers, mentions }) => ({ date, answers, mentions })),
        byModel: ofBrand(byModel, row.brand_name).map(({ engine, model, answers, mentions }) => ({ engine, model, answers, mentions })),
        shareOfVoice: [
          { name: row.brand_name, mentions: row.brand_matches },
          ...ofBrand(competitors, row.brand_name).map(({ name, count }) => ({ name, mentions: count })),
        ],
        citedDomains: ofBrand(domains, row.brand_name).map(({ name, count }) => ({ domain: name, count })),
      },
    };
  });
}

interface TotalsRow {
  brand_name: string;
  website_url: string | null;
  total_requests: number;
  total_mentions: number;
  positive_mentions: number;
  negative_mentions: number;
  neutral_mentions: number;
  avg_confidence: number;
  mention_rate: number;
  brand_matches: number;
  judged: number;
  judge_agreed: number;
  corrected: number;
  first_request_at: string;
  last_request_at: string;
}

interface DailyRow {
  brand_name: string;
  date: string;
  answers: number;
  mentions: number;
}

interface ByModelRow {
  brand_name: string;
  engine: string;
  model: string;
  answers: number;
  mentions: number;
}

interface NamedCountRow {
  brand_name: string;
  name: string;
  count: number;
}

/** The distinct brand configs the user asked with (monitoring on), the most recently used first. */
export async function recentBrands(em: EntityManager, userId: string, limit: number): Promise<RecentBrand[]> {
  const rows = await em.execute<{ brand_config: BrandConfig; last_used_at: string }[]>(
    `select brand_config, ${iso('max(created_at)')} as last_used_at
       from search_requests
      where user_id = ? and brand_monitoring_enabled and brand_config is not null
      group by brand_config
      order by max(created_at) desc
      limit ?`,
    [userId, limit],
  );
  return rows.map(({ brand_config: config, last_used_at: lastUsedAt }) => ({
    brandName: config.brandName,
    websiteUrl: config.websiteUrl?.trim() || null,
    keywords: config.keywords ?? [],
    competitors: config.competitors ?? [],
    lastUsedAt,
  }));
}
