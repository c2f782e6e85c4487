import type { EntityManager } from '@mikro-orm/postgresql';
import type { BrandConfig } from '../../contract/ask.ts';
import type { BrandMention } from '../../contract/brand.ts';
import type { AnswerSource } from '../../contract/run-events.ts';
import { analyseBrandMention, LOCAL_ANALYSER_VERSION, storeReanalysedMention } from '../brand/index.ts';
import { ANALYSER_VERSION_SQL } from './tracking-results-recorder.ts';

/**
 * Re-analysing one tracked set's history: each stored answer is read again by the current local analyser (and the
 * judge, when one is handed in), its brand result rewritten as `npm run brand:reanalyse` does (a person's correction
 * stands), and its tracking reading brought in line with it, marked with the analyser and when. Batched by keyset,
 * each batch's writes in one transaction, so a job cut off part-way is simply run again: it reads every reading
 * again, which gives the same result.
 */

/** The current local analyser, as readings record it. */
export const CURRENT_ANALYSER = `local ${LOCAL_ANALYSER_VERSION}`;

/** Asks the judge about one answer: answers its verdict laid over `analysis`, or `analysis` unchanged when it fails. */
export type ReanalysisJudge = (runId: string, answer: string, analysis: BrandMention) => Promise<BrandMention>;

interface ReadingRow {
  id: string;
  model_run_id: string;
  mention_id: string;
  answer_text: string;
  sources: AnswerSource[];
  brand_config: BrandConfig;
  query: string;
}

/** The readings that can be read again: completed, with their answer and the brand settings they were asked with. */
const READABLE = `from tracking_results as result
       join model_runs as run on run.id = result.model_run_id
       join search_requests as request on request.id = run.request_id
       join brand_mentions as mention on mention.run_id = run.id
      where result.set_id = ? and result.status = 'completed' and run.answer_text is not null and request.brand_config is not null`;

export async function reanalysisCounts(em: EntityManager, setId: string): Promise<{ readings: number; outdated: number; lastReanalysedAt: string | null }> {
  const [row] = await em.execute<{ readings: number; outdated: number; last: string | null }[]>(
    `select count(*)::int as readings, count(*) filter (where result.analyser_version is distinct from ?)::int as outdated,
            to_char(max(result.reanalysed_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last
       ${READABLE}`,
    [CURRENT_ANALYSER, setId],
  );
  return { readings: row?.readings ?? 0, outdated: row?.outdated ?? 0, lastReanalysedAt: row?.last ?? null };
}

export async function reanalyseTrackingSet(em: EntityManager, setId: string, options: { judge?: ReanalysisJudge | undefined; batchSize?: number } = {}): Promise<{ reanalysed: number }> {
  const batchSize = options.batchSize ?? 200;
  let after = '00000000-0000-0000-0000-000000000000';
  let reanalysed = 0;
  for (;;) {
    const rows = await em.execute<ReadingRow[]>(
      `select result.id, result.model_run_id, mention.id as mention_id, run.answer_text, run.sources, request.brand_config, request.query
         ${READABLE} and result.id > ?
        order by result.id limit ?`,
      [setId, after, batchSize],
    );
    if (rows.length === 0) return { reanalysed };
    after = rows.at(-1)!.id;
    // The judge is asked before the batch's transaction opens: no transaction waits on a provider.
    const analyses: BrandMention[] = [];
    for (const row of rows) {
      const local = analyseBrandMention({ text: row.answer_text, sources: row.sources, config: row.brand_config, question: row.query });
      analyses.push(options.judge ? await options.judge(row.model_run_id, row.answer_text, local) : local);
    }
    await em.transactional(async (transaction) => {
      for (const [index, row] of rows.entries()) {
        await storeReanalysedMention(transaction, row.mention_id, analyses[index]!);
        await transaction.execute(
          `update tracking_results as result
              set mentioned = coalesce(mention.mentioned, false), position = mention.rank,
                  sentiment = case when mention.mentioned then mention.sentiment end, share_of_voice = mention.share_of_voice,
                  brand_mentions = coalesce(jsonb_array_length(mention.positions), 0),
                  all_brand_mentions = coalesce(jsonb_array_length(mention.positions), 0)
                    + coalesce((select sum((competitor->>'mentions')::int) from jsonb_array_elements(mention.competitors) as competitor), 0),
                  cited_domains = coalesce(mention.cited_domains, '[]'::jsonb), recommendation = mention.recommendation,
                  competitors = coalesce((select jsonb_agg(jsonb_build_object('name', competitor->>'name', 'mentions', coalesce((competitor->>'mentions')::int, 0)))
                                            from jsonb_array_elements(mention.competitors) as competitor), '[]'::jsonb),
                  analyser_version = ${ANALYSER_VERSION_SQL}, reanalysed_at = now()
             from brand_mentions as mention
            where result.id = ? and mention.id = ?`,
          [row.id, row.mention_id],
        );
        reanalysed += 1;
      }
    });
  }
}
