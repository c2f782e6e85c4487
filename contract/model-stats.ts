import * as Type from 'typebox/type';

/**
 * `GET /api/models/stats`: every catalogue model with what it costs and accepts, and Quorum's own figures from the
 * answers it really gave over the last 24 hours and 7 days. A figure drawn from fewer answers than
 * `MODEL_FIGURES_MINIMUM_ANSWERS` is null ("not enough answers yet"): a median of three answers says more about
 * those three than about the model. Every figure carries the count it was drawn from, so a reader can judge it.
 */

/** Below this many answers a figure is not given. */
export const MODEL_FIGURES_MINIMUM_ANSWERS = 20;
/** How long the figures are served before they are counted again (the route's cache and its `Cache-Control`). */
export const MODEL_FIGURES_CACHE_SECONDS = 60;
/**
 * An answer counts towards the speed only if its text streamed for at least this long: an answer that came in one
 * piece has no measurable speed (its tokens over a few milliseconds would read as thousands a second).
 */
export const MODEL_FIGURES_MINIMUM_STREAMING_MS = 100;

/** Who may ask the model: guests too, anyone signed in, or only those who bought credits. */
export const MODEL_TIERS = ['guest', 'registered', 'paid'] as const;
export type ModelTier = (typeof MODEL_TIERS)[number];

const count = (description: string) => Type.Integer({ minimum: 0, description });
const figure = (description: string) => Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description: `${description} Null below the minimum count.` });

export const WindowFigures = Type.Object({
  answers: count('Answers that ended in the window (finished or failed); answers the person stopped are not counted.'),
  errors: count('Of those, the ones that failed.'),
  errorRate: Type.Object({
    value: figure('Failed answers as a share of `answers`, from 0 to 1.'),
    count: count('The answers it is drawn from (`answers`).'),
  }),
  timeToFirstTokenMs: Type.Object({
    p50: figure('The median wait, in milliseconds, from the question being accepted to the first text, over finished answers.'),
    p95: figure('The 95th percentile of that wait: one answer in twenty waited longer.'),
    count: count('The finished answers with a first token that it is drawn from.'),
  }),
  outputTokensPerSecond: Type.Object({
    p50: figure(
      `The median speed of the text: output tokens (reasoning tokens left out, as they come before the text) over the time from the first token to the end, among finished answers that streamed for at least ${MODEL_FIGURES_MINIMUM_STREAMING_MS} ms.`,
    ),
    count: count('The answers it is drawn from.'),
  }),
});
export type WindowFigures = Type.Static<typeof WindowFigures>;

export const ModelAccepts = Type.Object({
  webSearch: Type.Boolean({ description: 'Can search the web while answering (an add-on, priced per model).' }),
  images: Type.Boolean({ description: 'Reads images attached to the question.' }),
  systemPrompt: Type.Boolean({ description: 'Takes a system prompt.' }),
  temperature: Type.Union([Type.Object({ min: Type.Number(), max: Type.Number() }), Type.Null()], {
    description: 'The temperatures it accepts, both ends included; null when it takes none (reasoning models).',
  }),
  reasoning: Type.Boolean({ description: 'Reasons before answering and reports the tokens it spent doing so.' }),
});
export type ModelAccepts = Type.Static<typeof ModelAccepts>;

export const ModelStatsEntry = Type.Object({
  engine: Type.String({ description: 'The engine id, as `GET /api/models` keys it.' }),
  engineName: Type.String(),
  model: Type.String({ description: 'The model id within its engine.' }),
  name: Type.String(),
  available: Type.Boolean({ description: 'False when this server has no key for its provider.' }),
  credits: Type.Integer({ minimum: 0, description: 'What one answer costs, in credits (web search adds its own price).' }),
  contextTokens: Type.Integer({ minimum: 1, description: 'Its context window: the longest conversation it is asked, in tokens.' }),
  tier: Type.Union([Type.Literal('guest'), Type.Literal('registered'), Type.Literal('paid')], {
    description: '`guest`: open to everyone; `registered`: needs a free account; `paid`: needs bought credits.',
  }),
  accepts: ModelAccepts,
  last24Hours: WindowFigures,
  last7Days: WindowFigures,
});
export type ModelStatsEntry = Type.Static<typeof ModelStatsEntry>;

export const ModelStatsData = Type.Object({
  minimumAnswers: Type.Integer({ minimum: 1, description: 'Below this many answers a figure is null.' }),
  minimumStreamingMs: Type.Integer({ minimum: 0, description: 'An answer counts towards the speed only if its text streamed at least this long.' }),
  computedAt: Type.String({ format: 'date-time', description: 'When the figures were counted; they are served for up to a minute.' }),
  models: Type.Array(ModelStatsEntry, { description: 'Every catalogue model, in catalogue order.' }),
});
export type ModelStatsData = Type.Static<typeof ModelStatsData>;
