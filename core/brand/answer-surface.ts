import { answerSurfaceSql } from '../tracking/answer-surface.ts';

/**
 * Which surface an answer came from, in SQL over a `model_runs` row (`run`) and its `search_requests` row
 * (`request`): the tracking dashboard's own rule, so brand mentions and tracking readings always agree.
 */
export const ANSWER_SURFACE_SQL = `(${answerSurfaceSql('run.engine', 'request.search_enabled')})`;
