import type { TrackingSurface } from '../../contract/tracking.ts';

/**
 * Which surface gave a reading: a model answering from what it learned, a model that searched the web first, or
 * Google's AI Overview. The three answer different questions (what a model believes, what the web says today, what
 * Google shows above its results), so their numbers are summarised apart and never averaged together.
 */

/** Engines whose every answer is grounded in a live web search, whatever the request asked. */
const ALWAYS_SEARCHING_ENGINES: readonly string[] = ['perplexity'];
const AI_OVERVIEW_ENGINE = 'ai-overview';

export function answerSurface(engine: string, searchEnabled: boolean): TrackingSurface {
  if (engine === AI_OVERVIEW_ENGINE) return 'ai-overview';
  if (searchEnabled || ALWAYS_SEARCHING_ENGINES.includes(engine)) return 'web-search';
  return 'model';
}

const sqlList = (values: readonly string[]) => values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');

/** `answerSurface` as a SQL expression over an engine column and a search flag column. */
export function answerSurfaceSql(engine: string, searchEnabled: string): string {
  return `case when ${engine} = '${AI_OVERVIEW_ENGINE}' then 'ai-overview'
               when ${searchEnabled} or ${engine} in (${sqlList(ALWAYS_SEARCHING_ENGINES)}) then 'web-search'
               else 'model' end`;
}

/**
 * Which surface an answer came from, in SQL over a `model_runs` row (`run`) and its `search_requests` row
 * (`request`): the tracking dashboard's own rule, so brand mentions and tracking readings always agree.
 */
export const ANSWER_SURFACE_SQL = `(${answerSurfaceSql('run.engine', 'request.search_enabled')})`;
