import type { EntityManager } from '@mikro-orm/postgresql';
import { CANARY_DRIFT_FLOOR, CANARY_DRIFT_MARGIN, type CanaryPoint, type TrackingCanary } from '../../contract/tracking-canary.ts';
import { median } from '../statistics/index.ts';
import type { StoredTrackingSet } from './tracking-sets.ts';

/** How many of a set's latest completed runs the canary series covers. */
export const CANARY_RUNS = 90;

/** One model's answer to one canary prompt in one run. */
export interface CanaryAnswer {
  runId: string;
  slotStart: string;
  prompt: string;
  engine: string;
  model: string;
  answer: string;
}

/** The distinct words of an answer (three letters or more, any case): what two answers are compared by. */
function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);
}

/**
 * How much two answers share, 0 to 1: the words both use over the words either uses (Jaccard). Wording, not
 * meaning: a model that answers the same question in the same spirit keeps most of its words, while a new model
 * or a new version rewrites them.
 */
export function answerSimilarity(left: string, right: string): number {
  const a = wordsOf(left);
  const b = wordsOf(right);
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/**
 * Each model's canary series from its answers (oldest run first): every run with answers is compared with the
 * model's previous run with answers, prompt by prompt (only prompts both runs asked), and marked changed when its
 * similarity falls `CANARY_DRIFT_MARGIN` points below the median of the model's earlier similarities (or under
 * `CANARY_DRIFT_FLOOR` before there are two of them).
 */
export function canarySeries(answers: readonly CanaryAnswer[]): TrackingCanary['models'] {
  const byModel = new Map<string, { engine: string; model: string; runs: Map<string, { slotStart: string; answers: Map<string, string> }> }>();
  for (const answer of [...answers].sort((left, right) => left.slotStart.localeCompare(right.slotStart))) {
    const key = `${answer.engine}/${answer.model}`;
    const entry = byModel.get(key) ?? { engine: answer.engine, model: answer.model, runs: new Map() };
    byModel.set(key, entry);
    const run = entry.runs.get(answer.runId) ?? { slotStart: answer.slotStart, answers: new Map<string, string>() };
    entry.runs.set(answer.runId, run);
    run.answers.set(answer.prompt, answer.answer);
  }
  return [...byModel.values()].map(({ engine, model, runs }) => {
    const points: CanaryPoint[] = [];
    const earlier: number[] = [];
    let previous: Map<string, string> | undefined;
    for (const [runId, run] of runs) {
      const pairs = previous ? [...run.answers].filter(([prompt]) => previous!.has(prompt)) : [];
      const similarity = pairs.length > 0 ? Math.round((100 * pairs.reduce((sum, [prompt, text]) => sum + answerSimilarity(text, previous!.get(prompt)!), 0)) / pairs.length) : null;
      const usual = earlier.length >= 2 ? Math.round(median(earlier)) : null;
      const changed = similarity !== null && (usual !== null ? similarity < usual - CANARY_DRIFT_MARGIN : similarity < CANARY_DRIFT_FLOOR);
      points.push({ runId, slotStart: run.slotStart, similarity, compared: pairs.length, usual, changed });
      if (similarity !== null) earlier.push(similarity);
      previous = run.answers;
    }
    return { engine, model, points };
  });
}

/** A set's canary series over its latest completed runs. */
export async function trackingCanary(em: EntityManager, set: Pick<StoredTrackingSet, 'id' | 'canaryPrompts'>): Promise<TrackingCanary> {
  const rows = await em.execute<{ run_id: string; slot_start: string; prompt: string; engine: string; model: string; answer: string }[]>(
    `select tracking.id as run_id, to_char(tracking.slot_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as slot_start,
            request.query as prompt, run.engine, run.model, run.answer_text as answer
       from (select id, slot_start, canary_request_ids from tracking_runs
              where set_id = ? and status = 'completed' and jsonb_array_length(canary_request_ids) > 0
              order by slot_start desc limit ?) as tracking
       cross join lateral jsonb_array_elements_text(tracking.canary_request_ids) as canary(request_id)
       join search_requests as request on request.id = canary.request_id::uuid
       join model_runs as run on run.request_id = request.id and run.status = 'completed' and run.answer_text is not null`,
    [set.id, CANARY_RUNS],
  );
  const answers = rows.map((row) => ({ runId: row.run_id, slotStart: row.slot_start, prompt: row.prompt, engine: row.engine, model: row.model, answer: row.answer }));
  return { prompts: set.canaryPrompts, models: canarySeries(answers) };
}

/** What the canaries say of one run: each model's point in it, for the alert mail. */
export function canaryReadingOf(canary: TrackingCanary, runId: string): { engine: string; model: string; point: CanaryPoint }[] {
  return canary.models.flatMap(({ engine, model, points }) => {
    const point = points.find((candidate) => candidate.runId === runId);
    return point && point.similarity !== null ? [{ engine, model, point }] : [];
  });
}
