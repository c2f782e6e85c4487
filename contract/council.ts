import * as Type from 'typebox/type';
import { ModelResult } from './model-result.ts';

/**
 * A council: a judge mode beside agreement, merge, critique and rank. Every model that answered a comparison reviews
 * the other answers, which it sees under labels only ("Answer B"), and ranks them with a reason; then a chairman model
 * the person picks writes one answer from the best points, attributing each point to the answer it came from. Each
 * review and the chairman's answer is a run charged like any answer (held, then charged only if it answers).
 *
 * Two steps, each streamed over the request's own events like any answer: `POST /api/requests/:id/council` starts
 * the reviews (one comparison request, a run per reviewer); once they have ended, `POST /api/councils/:id/chairman`
 * starts the chairman (one single request). Both appear in the history; `GET /api/councils/:id` reads it all back.
 */

/** Labels in order of the answers; a comparison has at most ten models. */
export const COUNCIL_LABELS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'] as const;
export const councilLabel = (index: number): string => `Answer ${COUNCIL_LABELS[index] ?? String(index + 1)}`;

export const CouncilRequestBody = Type.Object(
  {
    engine: Type.String({ minLength: 1, maxLength: 64, description: 'The chairman’s engine id.' }),
    model: Type.String({ minLength: 1, maxLength: 128, description: 'The chairman’s model id.' }),
  },
  { additionalProperties: false },
);

export const CouncilParams = Type.Object({ id: Type.String({ maxLength: 64, description: 'The council id.' }) });
export const CouncilPreviewQuery = Type.Object(
  {
    engine: Type.String({ minLength: 1, maxLength: 64, description: 'The chairman’s engine id.' }),
    model: Type.String({ minLength: 1, maxLength: 128, description: 'The chairman’s model id.' }),
  },
  { additionalProperties: false },
);

const PricedModel = Type.Object({ engine: Type.String(), model: Type.String(), credits: Type.Integer() });

/** `GET /api/requests/:id/council/preview`: what a council would cost before it runs. */
export const CouncilPreview = Type.Object({
  reviewers: Type.Array(PricedModel, { description: 'Each answering model’s review, at its price for what it reads.' }),
  chairman: Type.Object(PricedModel.properties, {
    description: 'The chairman’s answer, priced on the answers it reads; the reviews it also reads may add a long-conversation surcharge.',
  }),
  totalCredits: Type.Integer(),
});

/** Which label stood for which answer: reviewers and the chairman saw only the label. */
export const CouncilAnswer = Type.Object({ label: Type.String(), engine: Type.String(), model: Type.String() });

export const CouncilRankingEntry = Type.Object({ label: Type.String(), reason: Type.String() });

export const CouncilReview = Type.Object({
  /** The reviewing model: it answered as `label` and reviewed every other answer. */
  label: Type.String(),
  result: ModelResult,
  /** Its ranking, best first, read from the review; null when it failed or gave none we could read. */
  ranking: Type.Union([Type.Array(CouncilRankingEntry), Type.Null()]),
});

export const CouncilStanding = Type.Object({
  label: Type.String(),
  /** Mean place over the reviews that ranked it (1 is best); null when no review ranked it. */
  averagePlace: Type.Union([Type.Number(), Type.Null()]),
  votes: Type.Integer({ description: 'How many reviews ranked it.' }),
});

export const CouncilAttribution = Type.Object({
  label: Type.String(),
  engine: Type.String(),
  model: Type.String(),
  points: Type.Integer({ description: 'How many times the chairman’s answer credits this answer.' }),
});

export const COUNCIL_STATUSES = ['reviewing', 'reviewed', 'chairing', 'done', 'failed'] as const;
export type CouncilStatus = (typeof COUNCIL_STATUSES)[number];

export const Council = Type.Object({
  id: Type.String(),
  requestId: Type.String({ description: 'The comparison the council reviewed.' }),
  reviewRequestId: Type.String({ description: 'The reviews’ request: follow it like any request to stream them.' }),
  chairmanRequestId: Type.Union([Type.String(), Type.Null()], { description: 'The chairman’s request once started.' }),
  status: Type.Union([Type.Literal('reviewing'), Type.Literal('reviewed'), Type.Literal('chairing'), Type.Literal('done'), Type.Literal('failed')], {
    description:
      '`reviewing` while reviews run; `reviewed` when they have ended and the chairman can start; `chairing`; `done`; `failed` when no review or the chairman could not answer.',
  }),
  chairman: Type.Object({ engine: Type.String(), model: Type.String() }),
  answers: Type.Array(CouncilAnswer),
  reviews: Type.Array(CouncilReview),
  standings: Type.Array(CouncilStanding, { description: 'Every answer by its mean place over the reviews, best first.' }),
  chairmanResult: Type.Union([ModelResult, Type.Null()]),
  attributions: Type.Array(CouncilAttribution),
  creditsUsed: Type.Integer({ description: 'What the reviews and the chairman have been charged so far.' }),
  createdAt: Type.String({ format: 'date-time' }),
});

export const CouncilList = Type.Object({ councils: Type.Array(Council) });

export type CouncilRequestBody = Type.Static<typeof CouncilRequestBody>;
export type CouncilPreview = Type.Static<typeof CouncilPreview>;
export type CouncilAnswer = Type.Static<typeof CouncilAnswer>;
export type CouncilRankingEntry = Type.Static<typeof CouncilRankingEntry>;
export type CouncilReview = Type.Static<typeof CouncilReview>;
export type CouncilStanding = Type.Static<typeof CouncilStanding>;
export type CouncilAttribution = Type.Static<typeof CouncilAttribution>;
export type Council = Type.Static<typeof Council>;
