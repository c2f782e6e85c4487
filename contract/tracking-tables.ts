import * as Type from 'typebox/type';
import { fieldMessages } from './field-messages.ts';
import { BootstrapEstimate, ProportionEstimate } from './tracking-statistics.ts';
import { TRACKING_SURFACES, TrackingDashboardQuery } from './tracking.ts';

/**
 * The tables a tracked set's owner can act on, over a window of recent runs: where the brand is seen (prompt ×
 * model), which sources the models cite for competitors but never for the brand, and who wins each prompt.
 */

export const TRACKING_TABLE_DAYS = { minimum: 1, maximum: 90, default: 30 } as const;
const DAYS_MESSAGE = `days must be a whole number from ${TRACKING_TABLE_DAYS.minimum} to ${TRACKING_TABLE_DAYS.maximum}`;

export const TrackingTablesQuery = Type.Object(
  {
    days: Type.Optional(
      Type.String({
        pattern: '^\\d{1,3}$',
        description: `The window: completed runs whose slot started in the last this many days, ${TRACKING_TABLE_DAYS.minimum} to ${TRACKING_TABLE_DAYS.maximum}; default ${TRACKING_TABLE_DAYS.default}.`,
        ...fieldMessages({ invalid: DAYS_MESSAGE }),
      }),
    ),
    // The same surface rule as the dashboard's, so the tables below a chart read what the chart reads.
    surface: TrackingDashboardQuery.properties.surface,
  },
  { additionalProperties: false },
);
export const TRACKING_TABLE_DAYS_MESSAGE = DAYS_MESSAGE;

/** One column of the grid: a model, and for AI Overview its country. */
export const GridColumn = Type.Object({ engine: Type.String(), model: Type.String(), country: Type.Union([Type.String(), Type.Null()]) });

/** Visibility per prompt (row) and model (column), each cell with its Wilson interval; null where never asked. */
export const VisibilityGrid = Type.Object({
  columns: Type.Array(GridColumn),
  rows: Type.Array(Type.Object({ prompt: Type.String(), cells: Type.Array(Type.Union([ProportionEstimate, Type.Null()])) })),
});

/** A cited domain: in how many answers, how many of them named the brand, how many a competitor, and which. */
export const CitedDomainRow = Type.Object({
  domain: Type.String(),
  answers: Type.Integer({ minimum: 0 }),
  withBrand: Type.Integer({ minimum: 0 }),
  withCompetitors: Type.Integer({ minimum: 0 }),
  competitors: Type.Array(Type.String()),
});

/** Each brand's share of all brands' mentions in one prompt's answers, with its bootstrap interval. */
export const PromptShareOfVoice = Type.Object({
  prompt: Type.String(),
  answers: Type.Integer({ minimum: 0 }),
  brands: Type.Array(Type.Object({ name: Type.String(), isBrand: Type.Boolean(), mentions: Type.Integer({ minimum: 0 }), share: BootstrapEstimate })),
});

export const TrackingTables = Type.Object({
  days: Type.Integer(),
  /** The surface read: the asked one, else the set's first; null while the set has no readings. */
  surface: Type.Union([Type.Enum([...TRACKING_SURFACES]), Type.Null()]),
  grid: VisibilityGrid,
  /** The most cited domains. */
  citedDomains: Type.Array(CitedDomainRow),
  /** Source opportunities: domains cited next to competitors but never in an answer naming the brand. */
  sourceOpportunities: Type.Array(CitedDomainRow),
  shareOfVoiceByPrompt: Type.Array(PromptShareOfVoice),
});
export const TrackingTablesData = Type.Object({ tables: TrackingTables });

export type GridColumn = Type.Static<typeof GridColumn>;
export type VisibilityGrid = Type.Static<typeof VisibilityGrid>;
export type CitedDomainRow = Type.Static<typeof CitedDomainRow>;
export type PromptShareOfVoice = Type.Static<typeof PromptShareOfVoice>;
export type TrackingTables = Type.Static<typeof TrackingTables>;
export type TrackingTablesData = Type.Static<typeof TrackingTablesData>;
