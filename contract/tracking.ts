import { SearchTrail } from './search-trail.ts';
import * as Type from 'typebox/type';
import { BrandConfig, AiOverviewParams } from './ask.ts';
import { Sentiment, VerdictSource } from './brand.ts';
import { FactCheck } from './brand-facts.ts';
import { fieldMessages } from './field-messages.ts';
import { MAX_COMPARED_MODELS, QUERY_MAX_LENGTH } from './limits.ts';
import { RateStatistics } from './tracking-statistics.ts';
import { PairedComparison } from './tracking-paired.ts';

/**
 * GEO tracking: a set of prompts about a market, re-asked of chosen models on a cadence, with the brand's
 * visibility, share of voice, position, sentiment and cited domains recorded per run and model.
 */

/**
 * Where a reading comes from: a plain model, a model that searched the web, or Google's AI Overview. Each is
 * summarised on its own; their numbers are never averaged together.
 */
export const TRACKING_SURFACES = ['model', 'web-search', 'ai-overview'] as const;
export type TrackingSurface = (typeof TRACKING_SURFACES)[number];
export const SURFACE_LABELS: Record<TrackingSurface, string> = { model: 'Model', 'web-search': 'Web search', 'ai-overview': 'AI Overview' };
const Surface = Type.Union([Type.Literal('model'), Type.Literal('web-search'), Type.Literal('ai-overview')]);

export const TRACKING_LIMITS = { prompts: 25, name: 100, models: MAX_COMPARED_MODELS, setsPerUser: 20 } as const;
export const TRACKING_CADENCES = ['daily', 'weekly'] as const;
export type TrackingCadence = (typeof TRACKING_CADENCES)[number];
/** Runs per cadence in a week and in a (30-day) month: what the cost preview multiplies by. */
export const RUNS_PER_WEEK: Record<TrackingCadence, number> = { daily: 7, weekly: 1 };
export const RUNS_PER_MONTH: Record<TrackingCadence, number> = { daily: 30, weekly: 30 / 7 };
export const DEFAULT_ALERT_THRESHOLD = 20;
/** Times each cell (prompt × model × country) is asked per run, each in its own request: one answer is one noisy reading. */
export const SAMPLES_PER_CELL = { minimum: 1, maximum: 10, default: 3 } as const;
/** An alert needs a drop with a p-value below this (two-proportion test, run against the 7-day baseline). */
export const DEFAULT_ALERT_P_VALUE = 0.05;
/** Fewer readings than this in a window: its numbers are directional only, and it is never alerted on. */
export const DEFAULT_ALERT_MIN_READINGS = 10;
/**
 * Canary prompts: questions that name no brand, asked of every model once a run beside the set's own prompts. When
 * their answers change as much as the brand's numbers do, the model changed, not the brand's standing.
 */
export const CANARY_LIMITS = { prompts: 5 } as const;
/** What the form offers when canaries are switched on: everyday questions whose good answers hardly change. */
export const DEFAULT_CANARY_PROMPTS = [
  'Explain in three sentences how a rainbow forms.',
  'What are three practical tips for writing a clear email?',
  'Summarise the water cycle for a ten-year-old.',
] as const;

const Cadence = Type.Union([Type.Literal('daily'), Type.Literal('weekly')]);
/**
 * A model of a set, optionally with the temperature every tracked question asks it at. Left out, the model's own
 * default is used: that is the spread of answers people actually see. 0 is allowed but never the default (see
 * docs/tracking.md: it hides the variation a visibility rate has to measure, and providers treat it differently).
 */
const ModelChoice = Type.Object(
  {
    engine: Type.String({ minLength: 1, maxLength: 64 }),
    model: Type.String({ minLength: 1, maxLength: 128 }),
    temperature: Type.Optional(
      Type.Union([Type.Number({ minimum: 0, maximum: 2 }), Type.Null()], {
        description: "The temperature every tracked question asks this model at, within the model's own range (`capabilities.temperature` in `GET /api/models`). Left out or null: the model's own default.",
        ...fieldMessages({ invalid: 'A tracked model\'s temperature must be a number from 0 to 2' }),
      }),
    ),
  },
  { additionalProperties: false },
);
const Prompt = Type.String({ minLength: 1, maxLength: QUERY_MAX_LENGTH, pattern: '\\S' });

const SetFields = {
  name: Type.String({ minLength: 1, maxLength: TRACKING_LIMITS.name, pattern: '\\S' }),
  brand: BrandConfig,
  prompts: Type.Array(Prompt, { minItems: 1, maxItems: TRACKING_LIMITS.prompts, description: `1 to ${TRACKING_LIMITS.prompts} prompts.` }),
  models: Type.Array(ModelChoice, { minItems: 1, maxItems: TRACKING_LIMITS.models }),
  aiOverviewParams: Type.Optional(Type.Union([AiOverviewParams, Type.Null()])),
  cadence: Cadence,
  /** An alert mail goes out when visibility or share of voice falls by more than this many points between two runs. */
  alertThreshold: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: `Points; default ${DEFAULT_ALERT_THRESHOLD}. Kept for compatibility: alerts now use alertPValue and alertMinReadings.` })),
  samplesPerCell: Type.Optional(
    Type.Integer({
      minimum: SAMPLES_PER_CELL.minimum,
      maximum: SAMPLES_PER_CELL.maximum,
      description: `How many times each prompt is asked of each model per run, ${SAMPLES_PER_CELL.minimum} to ${SAMPLES_PER_CELL.maximum}; default ${SAMPLES_PER_CELL.default}. Multiplies the cost.`,
      ...fieldMessages({ invalid: `Samples per cell must be a whole number from ${SAMPLES_PER_CELL.minimum} to ${SAMPLES_PER_CELL.maximum}` }),
    }),
  ),
  /** Brand-free questions asked of every model once per run, to tell a model's drift from the brand's movement. */
  canaryPrompts: Type.Optional(
    Type.Array(Prompt, {
      maxItems: CANARY_LIMITS.prompts,
      description: `0 to ${CANARY_LIMITS.prompts} canary prompts (no brand monitoring), each asked of every model once per run; default none.`,
      ...fieldMessages({ invalid: `A set can have at most ${CANARY_LIMITS.prompts} canary prompts` }),
    }),
  ),
  /** A drop mails the owner only when its two-proportion test's p-value is below this. */
  alertPValue: Type.Optional(
    Type.Number({
      minimum: 0.001,
      maximum: 0.2,
      description: `Significance an alert needs, 0.001 to 0.2; default ${DEFAULT_ALERT_P_VALUE}.`,
      ...fieldMessages({ invalid: 'The alert significance must be a number from 0.001 to 0.2' }),
    }),
  ),
  /** Both the run and the baseline need this many answers before they are compared. */
  alertMinReadings: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 1000,
      description: `Answers each window needs before it is compared, 1 to 1000; default ${DEFAULT_ALERT_MIN_READINGS}.`,
      ...fieldMessages({ invalid: 'The minimum readings for an alert must be a whole number from 1 to 1000' }),
    }),
  ),
};

export const TrackingSetBody = Type.Object(SetFields, { additionalProperties: false });
export const TrackingSetUpdate = Type.Object(
  {
    name: Type.Optional(SetFields.name),
    brand: Type.Optional(SetFields.brand),
    prompts: Type.Optional(SetFields.prompts),
    models: Type.Optional(SetFields.models),
    aiOverviewParams: SetFields.aiOverviewParams,
    cadence: Type.Optional(SetFields.cadence),
    alertThreshold: SetFields.alertThreshold,
    samplesPerCell: SetFields.samplesPerCell,
    canaryPrompts: SetFields.canaryPrompts,
    alertPValue: SetFields.alertPValue,
    alertMinReadings: SetFields.alertMinReadings,
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('paused')])),
  },
  { additionalProperties: false },
);
export const CostPreviewBody = Type.Object(
  {
    prompts: Type.Integer({ minimum: 1, maximum: TRACKING_LIMITS.prompts }),
    models: SetFields.models,
    cadence: Cadence,
    samplesPerCell: SetFields.samplesPerCell,
    canaryPrompts: Type.Optional(Type.Integer({ minimum: 0, maximum: CANARY_LIMITS.prompts, description: 'How many canary prompts; default 0.' })),
  },
  { additionalProperties: false },
);

export const CostPreview = Type.Object({
  /** One run: every prompt asked of every model, samplesPerCell times, and every canary prompt once. */
  perRun: Type.Integer({ minimum: 0 }),
  /** The canary prompts' part of `perRun`. Always sent. */
  canaryPerRun: Type.Optional(Type.Integer({ minimum: 0 })),
  perWeek: Type.Integer({ minimum: 0 }),
  perMonth: Type.Integer({ minimum: 0 }),
  models: Type.Array(Type.Object({ engine: Type.String(), model: Type.String(), credits: Type.Integer() })),
});

/**
 * Visibility with its uncertainty: `mentioned` of `readings` answers named the brand, and the Wilson 95% interval
 * around that rate (`low`, `high`, 0 to 100 like `visibility`). `directional` marks a window with fewer than 10
 * readings: read it as a hint, not a measurement.
 */
export const VisibilityInterval = Type.Object({
  mentioned: Type.Integer({ minimum: 0 }),
  readings: Type.Integer({ minimum: 0 }),
  low: Type.Union([Type.Number(), Type.Null()]),
  high: Type.Union([Type.Number(), Type.Null()]),
  directional: Type.Boolean(),
});

export const TrackingSummary = Type.Object({
  /** Share of answers naming the brand, 0 to 100. */
  visibility: Type.Union([Type.Number(), Type.Null()]),
  /** The brand's share of all brands' mentions, 0 to 100. */
  shareOfVoice: Type.Union([Type.Number(), Type.Null()]),
  averagePosition: Type.Union([Type.Number(), Type.Null()]),
  /** Mean sentiment of the mentions: -1 (negative) to 1 (positive). */
  sentiment: Type.Union([Type.Number(), Type.Null()]),
  answers: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  /** Always sent by the server; optional in the type only so summaries built by hand (client tests, older callers) still fit. */
  visibilityInterval: Type.Optional(VisibilityInterval),
  /** Recommendation rate, sentiment shares, average position and share of voice with their intervals; always sent by the server. */
  statistics: Type.Optional(RateStatistics),
});

export const TrackingRunStatus = Type.Union([Type.Literal('running'), Type.Literal('completed'), Type.Literal('skipped')]);
export const TrackingRun = Type.Object({
  id: Type.String(),
  slotStart: Type.String({ format: 'date-time' }),
  status: TrackingRunStatus,
  startedAt: Type.String({ format: 'date-time' }),
  completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  creditsCharged: Type.Integer({ minimum: 0 }),
  /** The surface `summary` reads (the asked one, else the run's first); null before the run has results. Always sent. */
  surface: Type.Optional(Type.Union([Surface, Type.Null()])),
  summary: TrackingSummary,
});

export const TrackingSet = Type.Object({
  id: Type.String(),
  name: Type.String(),
  brand: BrandConfig,
  prompts: Type.Array(Type.String()),
  models: Type.Array(ModelChoice),
  aiOverviewParams: Type.Union([Type.Object({ gl: Type.String(), hl: Type.String() }), Type.Null()]),
  cadence: Cadence,
  alertThreshold: Type.Integer(),
  samplesPerCell: Type.Integer(),
  /** Always sent; empty when the set has no canaries. */
  canaryPrompts: Type.Optional(Type.Array(Type.String())),
  alertPValue: Type.Number(),
  alertMinReadings: Type.Integer(),
  status: Type.Union([Type.Literal('active'), Type.Literal('paused')]),
  /** Why a paused set is paused: by its owner, or because the credits could not cover a run. */
  pausedReason: Type.Union([Type.Literal('owner'), Type.Literal('insufficient_credits'), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  lastRun: Type.Union([TrackingRun, Type.Null()]),
  cost: CostPreview,
});

export const TrackingSetData = Type.Object({ set: TrackingSet });
export const TrackingSetsData = Type.Object({ sets: Type.Array(TrackingSet) });
export const TrackingRunsData = Type.Object({ runs: Type.Array(TrackingRun) });

/** One model's answer to one prompt in one run: the stored row the dashboard, the drill-down and the export read. */
export const TrackingResult = Type.Object({
  id: Type.String(),
  runId: Type.String(),
  slotStart: Type.String({ format: 'date-time' }),
  prompt: Type.String(),
  engine: Type.String(),
  model: Type.String(),
  /** The AI Overview's country and language; null for the other engines. */
  country: Type.Union([Type.String(), Type.Null()]),
  language: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Literal('completed'), Type.Literal('error')]),
  /** Which surface answered: a plain model, a model with web search, or Google's AI Overview. */
  surface: Surface,
  /** The model version the provider reported (`gpt-4o-2024-08-06`); null when it reported none. */
  modelVersion: Type.Union([Type.String(), Type.Null()]),
  /** The temperature sent with the question; null when none was sent (the model's own default). Always sent. */
  temperature: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  /** Whether the answer came with a web search (asked for, or a model that always searches). Always sent. */
  webSearch: Type.Optional(Type.Boolean()),
  /** The local analyser version that made the reading's brand figures; null for rows older than the record. Always sent. */
  analyserVersion: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** When the reading was re-analysed from its stored answer (`POST /api/tracking/sets/{id}/reanalyse`); null if never. Always sent. */
  reanalysedAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  mentioned: Type.Boolean(),
  position: Type.Union([Type.Integer(), Type.Null()]),
  sentiment: Type.Union([Sentiment, Type.Null()]),
  /** Who made `sentiment`: the local analyser, a judge model, or a person who corrected it; null without one. */
  sentimentBy: Type.Union([VerdictSource, Type.Null()]),
  shareOfVoice: Type.Union([Type.Number(), Type.Null()]),
  citedDomains: Type.Array(Type.String()),
  creditsCharged: Type.Integer({ minimum: 0 }),
  answer: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  /** The answer read against the brand's fact sheet by the judge model; null when it was not checked. Always sent. */
  factCheck: Type.Optional(Type.Union([FactCheck, Type.Null()])),
  /** The queries the answer's search ran and the pages it retrieved and cited; null without a web search. Always sent. */
  searchTrail: Type.Optional(Type.Union([SearchTrail, Type.Null()])),
});

export const TrackingResultsQuery = Type.Object({
  limit: Type.Optional(Type.String({ pattern: '^\\d{1,4}$', description: 'How many, 1 to 1000; default 100.' })),
  /** Continue after this result id (from `nextCursor`). */
  cursor: Type.Optional(Type.String({ maxLength: 64 })),
  runId: Type.Optional(Type.String({ maxLength: 64, description: 'Only this run.' })),
});
export const TrackingResultsData = Type.Object({ results: Type.Array(TrackingResult), nextCursor: Type.Union([Type.String(), Type.Null()]) });

const SeriesPoint = Type.Object({
  slotStart: Type.String({ format: 'date-time' }),
  /** When the run began: a late slot starts after its slot does. */
  startedAt: Type.String({ format: 'date-time' }),
  runId: Type.String(),
  ...TrackingSummary.properties,
  /**
   * Which stretch of the line the point is on: 0 until the first model change that concerns the series, then 1,
   * and so on. Points of different segments are never joined (the model behind them differs). Always sent.
   */
  segment: Type.Optional(Type.Integer({ minimum: 0 })),
});
/** A model whose reported version changed: from the run `runId` on, `to` answered where `from` did before. */
export const ModelChange = Type.Object({
  runId: Type.String(),
  slotStart: Type.String({ format: 'date-time' }),
  startedAt: Type.String({ format: 'date-time' }),
  engine: Type.String(),
  model: Type.String(),
  surface: Surface,
  from: Type.String(),
  to: Type.String(),
});
/**
 * A reading setting of one model that changed between runs: the temperature sent (`null`: none, the model's default)
 * or whether it searched the web. Like a version change it starts a new segment: readings taken differently are
 * not one line.
 */
export const SettingChange = Type.Object({
  runId: Type.String(),
  slotStart: Type.String({ format: 'date-time' }),
  startedAt: Type.String({ format: 'date-time' }),
  engine: Type.String(),
  model: Type.String(),
  surface: Surface,
  setting: Type.Union([Type.Literal('temperature'), Type.Literal('webSearch')]),
  from: Type.Union([Type.Number(), Type.Boolean(), Type.Null()]),
  to: Type.Union([Type.Number(), Type.Boolean(), Type.Null()]),
});
/** The first run whose readings a newer analyser made, after runs an older one made: a marker, not a break. */
export const AnalyserChange = Type.Object({
  runId: Type.String(),
  slotStart: Type.String({ format: 'date-time' }),
  startedAt: Type.String({ format: 'date-time' }),
  from: Type.Union([Type.String(), Type.Null()]),
  to: Type.String(),
});
export const TrackingDashboardQuery = Type.Object({
  surface: Type.Optional(
    Type.Enum([...TRACKING_SURFACES], {
      description: `Only readings from this surface: ${TRACKING_SURFACES.join(', ')}. Default: the first the set has, in that order.`,
      ...fieldMessages({ invalid: `surface must be one of ${TRACKING_SURFACES.join(', ')}` }),
    }),
  ),
});
export const TrackingDashboard = Type.Object({
  /** The surface every series below is drawn from; null before the set has any result. */
  surface: Type.Union([Surface, Type.Null()]),
  /** Each surface the set has readings from, with its own overall series: side by side, never averaged together. */
  surfaces: Type.Array(Type.Object({ surface: Surface, points: Type.Array(SeriesPoint) })),
  /** Model version changes on this surface, oldest first: each is a marker on every chart, and the lines break there. */
  modelChanges: Type.Array(ModelChange),
  /** Temperature and web-search changes on this surface, oldest first: they split the lines as version changes do. Always sent. */
  settingChanges: Type.Optional(Type.Array(SettingChange)),
  /** Where the analyser behind the readings changed, oldest first: marked on the charts. Always sent. */
  analyserChanges: Type.Optional(Type.Array(AnalyserChange)),
  /** The latest completed run against the 7 days before it, cell by cell (McNemar's exact test); null before there is one. Always sent. */
  paired: Type.Optional(Type.Union([PairedComparison, Type.Null()])),
  overall: Type.Array(SeriesPoint),
  byModel: Type.Array(Type.Object({ engine: Type.String(), model: Type.String(), points: Type.Array(SeriesPoint) })),
  byCountry: Type.Array(Type.Object({ country: Type.String(), points: Type.Array(SeriesPoint) })),
  citedDomains: Type.Array(Type.Object({ domain: Type.String(), count: Type.Integer() })),
});
/** `GET /api/tracking/sets/:id/runs`: the runs with their numbers on one surface. */
export const TrackingRunsQuery = TrackingDashboardQuery;
export const TrackingDashboardData = Type.Object({ dashboard: TrackingDashboard });
/** `DELETE /api/tracking/sets/:id`. */
export const TrackingSetDeleted = Type.Object({ deleted: Type.Boolean() });
export const SetParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export type TrackingSetBody = Type.Static<typeof TrackingSetBody>;
export type TrackingSetUpdate = Type.Static<typeof TrackingSetUpdate>;
export type CostPreview = Type.Static<typeof CostPreview>;
export type TrackingSummary = Type.Static<typeof TrackingSummary>;
export type VisibilityInterval = Type.Static<typeof VisibilityInterval>;
export type TrackingRun = Type.Static<typeof TrackingRun>;
export type TrackingSet = Type.Static<typeof TrackingSet>;
export type TrackingResult = Type.Static<typeof TrackingResult>;
export type TrackingDashboard = Type.Static<typeof TrackingDashboard>;
export type TrackingDashboardQuery = Type.Static<typeof TrackingDashboardQuery>;
export type ModelChange = Type.Static<typeof ModelChange>;
export type SettingChange = Type.Static<typeof SettingChange>;
export type AnalyserChange = Type.Static<typeof AnalyserChange>;
export type TrackingSetData = Type.Static<typeof TrackingSetData>;
export type TrackingSetsData = Type.Static<typeof TrackingSetsData>;
export type TrackingRunsData = Type.Static<typeof TrackingRunsData>;
export type TrackingResultsData = Type.Static<typeof TrackingResultsData>;
export type TrackingDashboardData = Type.Static<typeof TrackingDashboardData>;
export type TrackingSetDeleted = Type.Static<typeof TrackingSetDeleted>;
export type CostPreviewBody = Type.Static<typeof CostPreviewBody>;
