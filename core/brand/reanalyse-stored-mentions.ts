import type { EntityManager } from '@mikro-orm/postgresql';
import type { BrandConfig } from '../../contract/ask.ts';
import type { BrandMention } from '../../contract/brand.ts';
import type { AnswerSource } from '../../contract/run-events.ts';
import { analyseBrandMention } from './brand-analysis.ts';
import { LOCAL_ANALYSER_VERSION } from './targeted-sentiment.ts';

/**
 * Brings stored brand results up to the current local analyser: each row whose analysis was made by an older one
 * (or before the analyser was recorded) is analysed again from its stored answer and its request's brand config,
 * and rewritten with the analyser's version. Idempotent (a row already at this version is not selected again) and
 * batched (keyset pages, one transaction each), so it can be stopped and run again at any point. Rows a judge model
 * decided keep their verdict unless `includeJudged`: the judge is not asked again, and its verdict is not the
 * local analyser's to replace silently.
 */

export interface ReanalysisOptions {
  batchSize: number;
  includeJudged: boolean;
  /** Called after each batch, for progress output. */
  onBatch?: (progress: ReanalysisProgress) => void;
}

export interface ReanalysisProgress {
  /** Rows rewritten with the current analyser. */
  reanalysed: number;
  /** Rows whose answer or brand config is gone; left as they are. */
  skipped: number;
}

interface StaleRow {
  id: string;
  answer_text: string | null;
  sources: AnswerSource[];
  brand_config: BrandConfig | null;
  query: string;
}

export async function reanalyseStoredMentions(em: EntityManager, options: ReanalysisOptions): Promise<ReanalysisProgress> {
  const progress: ReanalysisProgress = { reanalysed: 0, skipped: 0 };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await em.execute<StaleRow[]>(
      `select mention.id, run.answer_text, run.sources, request.brand_config, request.query
         from brand_mentions as mention
         join model_runs as run on run.id = mention.run_id
         join search_requests as request on request.id = mention.request_id
        where mention.id > ?
          and (mention.analyser is null
               or (mention.analyser ->> 'kind' = 'local' and mention.analyser ->> 'version' is distinct from ?)
               or (? and mention.analyser ->> 'kind' = 'judge'))
        order by mention.id
        limit ?`,
      [after, LOCAL_ANALYSER_VERSION, options.includeJudged, options.batchSize],
    );
    if (rows.length === 0) return progress;
    after = rows.at(-1)!.id;
    await em.transactional(async (transaction) => {
      for (const row of rows) {
        if (row.answer_text === null || row.brand_config === null) {
          progress.skipped += 1;
          continue;
        }
        const analysis = analyseBrandMention({ text: row.answer_text, sources: row.sources, config: row.brand_config, question: row.query });
        await storeReanalysedMention(transaction, row.id, analysis);
        progress.reanalysed += 1;
      }
    });
    options.onBatch?.({ ...progress });
  }
}

/**
 * Rewrites one stored brand result with a new analysis. A person's correction stands: the new verdict becomes the
 * one they corrected. A judge's reason and recommendation go unless `analysis` carries them again.
 */
export async function storeReanalysedMention(em: EntityManager, mentionId: string, analysis: BrandMention): Promise<void> {
  await em.execute(
    `update brand_mentions
        set mentioned = ?,
            -- A person's correction stands; the analyser's new verdict becomes the one they corrected.
            original_sentiment = case when corrected_at is null then null else ? end,
            sentiment = case when corrected_at is null then ? else sentiment end, confidence = ?, context = ?, contexts = ?, keywords_found = ?, positions = ?,
            competitors = ?, share_of_voice = ?, rank = ?, cited_domains = ?, brand_domain_cited = ?,
            evidence = ?, recommendation = ?, judge_reason = ?, analyser = ?
      where id = ?`,
    [
      analysis.mentioned,
      analysis.sentiment,
      analysis.sentiment,
      analysis.confidence,
      analysis.context,
      JSON.stringify(analysis.summary.contexts),
      JSON.stringify(analysis.keywordsFound),
      JSON.stringify(analysis.positions),
      JSON.stringify(analysis.competitors),
      analysis.shareOfVoice,
      analysis.rank,
      JSON.stringify(analysis.citedDomains),
      analysis.brandDomainCited,
      analysis.evidence === undefined || analysis.evidence === null ? null : JSON.stringify(analysis.evidence),
      analysis.recommendation ?? null,
      analysis.judgeReason ?? null,
      JSON.stringify(analysis.analyser ?? { kind: 'local', version: LOCAL_ANALYSER_VERSION }),
      mentionId,
    ],
  );
}
