import type { EntityManager } from '@mikro-orm/postgresql';
import { answerSurfaceSql } from '../brand/index.ts';

/** Which analyser made a brand analysis, as one readable word pair (`local 2.1.0+…`, `judge …`), from `brand_mentions.analyser`. */
export const ANALYSER_VERSION_SQL = `case when mention.analyser is null then null else concat_ws(' ', mention.analyser ->> 'kind', mention.analyser ->> 'version', mention.analyser ->> 'model') end`;

/**
 * Copies what a run's answers came to into `tracking_results`, one row per model answer: whether it named the brand,
 * where, with what sentiment, its share of voice (with the mention counts behind it, so a group's share can be
 * summed), the domains it cited, the judge's recommendation (when one judged), each competitor's mention count and
 * the answer itself, from the run rows and the brand analysis the worker stored with each answer. A run lists each
 * prompt's samples side by side in its request ids, so a request's prompt is
 * its position divided by the run's samples per cell. Unique on the model run, so recording twice (a replayed job)
 * adds nothing. Each row keeps the model version its provider reported and the surface that answered, the temperature
 * its question was sent with (null: none, the model's default), whether it searched the web, and the analyser that
 * made its brand figures.
 */
export async function recordTrackingResults(em: EntityManager, trackingRunId: string): Promise<number> {
  const inserted = await em.execute<{ id: string }[]>(
    `insert into tracking_results (id, run_id, set_id, model_run_id, prompt_index, prompt, engine, model, country, language,
                                   status, mentioned, position, sentiment, share_of_voice, brand_mentions, all_brand_mentions,
                                   cited_domains, credits_charged, answer, created_at, model_version, surface, recommendation, competitors,
                                   temperature, web_search, analyser_version)
     select gen_random_uuid(), tracking.id, tracking.set_id, run.id, ((prompt.ordinality - 1) / tracking.samples_per_cell)::smallint, request.query, run.engine, run.model,
            case when request.ai_overview_params is not null and run.engine = 'ai-overview' then request.ai_overview_params->>'gl' end,
            case when request.ai_overview_params is not null and run.engine = 'ai-overview' then request.ai_overview_params->>'hl' end,
            run.status, coalesce(mention.mentioned, false), mention.rank,
            case when mention.mentioned then mention.sentiment end, mention.share_of_voice,
            coalesce(jsonb_array_length(mention.positions), 0),
            coalesce(jsonb_array_length(mention.positions), 0)
              + coalesce((select sum((competitor->>'mentions')::int) from jsonb_array_elements(mention.competitors) as competitor), 0),
            coalesce(mention.cited_domains, '[]'::jsonb), run.credits_charged, run.answer_text, coalesce(run.completed_at, now()),
            run.model_version, ${answerSurfaceSql('run.engine', 'request.search_enabled')},
            mention.recommendation,
            coalesce((select jsonb_agg(jsonb_build_object('name', competitor->>'name', 'mentions', coalesce((competitor->>'mentions')::int, 0)))
                        from jsonb_array_elements(mention.competitors) as competitor), '[]'::jsonb),
            (run.settings ->> 'temperature')::real, ${answerSurfaceSql('run.engine', 'request.search_enabled')} = 'web-search',
            ${ANALYSER_VERSION_SQL}
       from tracking_runs as tracking
       cross join lateral jsonb_array_elements_text(tracking.request_ids) with ordinality as prompt(request_id, ordinality)
       join search_requests as request on request.id = prompt.request_id::uuid
       join model_runs as run on run.request_id = request.id
       left join brand_mentions as mention on mention.run_id = run.id
      where tracking.id = ? and run.status in ('completed', 'error')
     on conflict (model_run_id) do nothing
     returning id`,
    [trackingRunId],
  );
  return inserted.length;
}

/** How many answers of a tracking run (its brand requests and its canaries) are still queued or being written. */
export async function openAnswersOfRun(em: EntityManager, trackingRunId: string): Promise<number> {
  const rows = await em.execute<{ open: number }[]>(
    `select count(*)::int as open from model_runs
      where request_id in (select jsonb_array_elements_text(tracking.request_ids || tracking.canary_request_ids)::uuid
                             from tracking_runs as tracking where tracking.id = ?)
        and status in ('queued', 'running')`,
    [trackingRunId],
  );
  return rows[0]?.open ?? 0;
}
