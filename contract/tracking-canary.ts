import * as Type from 'typebox/type';

/**
 * How steadily each model answers a set's canary prompts from run to run. Similarity is the overlap of the words of a
 * run's canary answers with the same prompts' answers in the run before (0 to 100, averaged over the prompts both
 * runs answered). A model whose canary answers suddenly overlap far less than usual has likely changed itself; a
 * brand's drop in that run may be the model's doing rather than the brand's.
 */

/** Points below the model's usual similarity (the median of its earlier runs) at which a run counts as changed. */
export const CANARY_DRIFT_MARGIN = 25;
/** With fewer than two earlier runs there is no usual level yet: below this similarity counts as changed. */
export const CANARY_DRIFT_FLOOR = 30;

export const CanaryPoint = Type.Object({
  runId: Type.String(),
  slotStart: Type.String({ format: 'date-time' }),
  /** Word overlap with the previous run's answers to the same canary prompts; null for the first run, or when none compare. */
  similarity: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()]),
  /** How many canary prompts this run's similarity compares. */
  compared: Type.Integer({ minimum: 0 }),
  /** The median similarity of the model's earlier runs; null with fewer than two. */
  usual: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()]),
  changed: Type.Boolean(),
});

export const TrackingCanary = Type.Object({
  /** The set's canary prompts today (runs may have asked earlier ones). */
  prompts: Type.Array(Type.String()),
  /** Per model, oldest run first. */
  models: Type.Array(Type.Object({ engine: Type.String(), model: Type.String(), points: Type.Array(CanaryPoint) })),
});
export const TrackingCanaryData = Type.Object({ canary: TrackingCanary });

export type CanaryPoint = Type.Static<typeof CanaryPoint>;
export type TrackingCanary = Type.Static<typeof TrackingCanary>;
export type TrackingCanaryData = Type.Static<typeof TrackingCanaryData>;
