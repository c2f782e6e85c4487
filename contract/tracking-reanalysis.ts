import * as Type from 'typebox/type';
import { fieldMessages } from './field-messages.ts';

/**
 * Re-analysing a tracked set's history: every stored answer read again by the current brand analyser (and, when
 * asked, the judge model), so a chart's older runs are read the way its newer ones are. The answers are not asked
 * again; only how they are read changes.
 */

/** `GET /api/tracking/sets/{id}/reanalyse`: what a re-analysis would do and cost, shown before it is started. */
export const ReanalysisPreview = Type.Object({
  /** Stored answers of the set that can be read again (completed, with their text). */
  readings: Type.Integer({ minimum: 0 }),
  /** Of those, the ones an older analyser (or none on record) read: what the local analyser alone would change. */
  outdated: Type.Integer({ minimum: 0 }),
  /** The analyser a re-analysis uses, as readings record it (`local 2.1.0+…`). */
  analyser: Type.String(),
  /**
   * The judge model, when this server has one: a re-analysis with it asks it once per reading. Its calls go on the
   * operator's provider key, as every brand judge call does; `operatorCredits` is what they would cost at the
   * model's price, shown so the size of the job is plain. Null: no judge (the local analyser only).
   */
  judge: Type.Union([Type.Object({ model: Type.String(), calls: Type.Integer({ minimum: 0 }), operatorCredits: Type.Integer({ minimum: 0 }) }), Type.Null()]),
  /** Credits a re-analysis takes from the set's owner: none, with or without the judge. */
  creditsCharged: Type.Integer({ minimum: 0 }),
  /** A re-analysis of this set is queued or under way. */
  running: Type.Boolean(),
  /** When the set's readings were last re-analysed; null if never. */
  lastReanalysedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const ReanalysisBody = Type.Object(
  {
    /** Ask the judge model again for every reading (only where the server has one). Default false. */
    judge: Type.Optional(Type.Boolean({ description: 'Ask the judge model again for every reading; default false.' })),
    /**
     * The `readings` of the preview the person saw: a set that has gained readings since is refused, so nothing is
     * started on figures nobody looked at.
     */
    readings: Type.Integer({
      minimum: 0,
      description: 'The `readings` figure from `GET …/reanalyse` that was shown before starting.',
      ...fieldMessages({ invalid: 'readings must be the whole number the preview gave' }),
    }),
  },
  { additionalProperties: false },
);

export const ReanalysisStarted = Type.Object({ queued: Type.Boolean(), readings: Type.Integer({ minimum: 0 }), judge: Type.Boolean() });

export const ReanalysisPreviewData = Type.Object({ reanalysis: ReanalysisPreview });
export const ReanalysisStartedData = Type.Object({ reanalysis: ReanalysisStarted });

export type ReanalysisPreview = Type.Static<typeof ReanalysisPreview>;
export type ReanalysisBody = Type.Static<typeof ReanalysisBody>;
export type ReanalysisStarted = Type.Static<typeof ReanalysisStarted>;
export type ReanalysisPreviewData = Type.Static<typeof ReanalysisPreviewData>;
export type ReanalysisStartedData = Type.Static<typeof ReanalysisStartedData>;
