import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompetitorMention, Sentiment } from '../../contract/brand.ts';
import { findTermMatches } from './brand-matches.ts';

/**
 * The verdicts people corrected and a judge model made, as labelled items for training the local analyser: the
 * answer with the brand written `$T$`, the brand, and the label (-1, 0, 1), three lines each with line breaks as a
 * literal `\n` (the format `npm run eval:brand` and `npm run brand:train` read). A person's correction is the
 * label where there is one; otherwise the judge's verdict, for the brand and each competitor it judged. Answers
 * whose brand is not written in them (found only by keyword or domain) are left out.
 */
export interface LabelledVerdict {
  source: 'person' | 'judge';
  brand: string;
  sentiment: Sentiment;
  answer: string;
}

const LABEL: Readonly<Record<Sentiment, string>> = { negative: '-1', neutral: '0', positive: '1' };

interface VerdictRow {
  brand_name: string;
  sentiment: Sentiment;
  corrected: boolean;
  judged: boolean;
  competitors: CompetitorMention[];
  answer_text: string;
}

/** Every corrected or judged verdict, oldest first, a page of `batchSize` rows at a time. */
export async function* labelledVerdicts(em: EntityManager, batchSize = 500): AsyncGenerator<LabelledVerdict> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await em.execute<(VerdictRow & { id: string })[]>(
      `select mention.id, mention.brand_name, mention.sentiment, mention.corrected_at is not null as corrected,
              coalesce(mention.analyser ->> 'kind' = 'judge', false) as judged, mention.competitors, run.answer_text
         from brand_mentions as mention
         join model_runs as run on run.id = mention.run_id
        where mention.id > ? and mention.mentioned and run.answer_text is not null
          and (mention.corrected_at is not null or mention.analyser ->> 'kind' = 'judge')
        order by mention.id
        limit ?`,
      [after, batchSize],
    );
    if (rows.length === 0) return;
    after = rows.at(-1)!.id;
    for (const row of rows) {
      yield { source: row.corrected ? 'person' : 'judge', brand: row.brand_name, sentiment: row.sentiment, answer: row.answer_text };
      if (!row.judged) continue;
      for (const competitor of row.competitors) {
        if (competitor.mentioned && competitor.sentiment) yield { source: 'judge', brand: competitor.name, sentiment: competitor.sentiment, answer: row.answer_text };
      }
    }
  }
}

/** One verdict as the three lines of the shared format; undefined when the brand is not written in the answer. */
export function labelledItemLines(verdict: LabelledVerdict): string | undefined {
  const matches = findTermMatches(verdict.answer, verdict.brand);
  if (matches.length === 0) return undefined;
  let text = '';
  let from = 0;
  for (const match of matches) {
    text += `${verdict.answer.slice(from, match.start)}$T$`;
    from = match.end;
  }
  text += verdict.answer.slice(from);
  return `${text.replace(/\r?\n/g, '\\n')}\n${verdict.brand}\n${LABEL[verdict.sentiment]}\n`;
}
