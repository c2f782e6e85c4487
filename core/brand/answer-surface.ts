/**
 * Which surface an answer came from, in SQL over a `model_runs` row (`run`) and its `search_requests` row
 * (`request`). Google's AI Overview is its own engine; Perplexity always searches the web; any other model searched
 * when its request had web search on. One expression, so every query that filters or counts by surface agrees.
 */
export const ANSWER_SURFACE_SQL = `(case when run.engine = 'ai-overview' then 'ai-overview'
                                      when run.engine = 'perplexity' or request.search_enabled then 'web-search'
                                      else 'model' end)`;
