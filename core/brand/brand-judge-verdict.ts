import Type, { type Static } from 'typebox';
import { Value } from 'typebox/value';
import { RecommendationLevel, Sentiment, type BrandMention, type CompetitorMention, type SentimentEvidence } from '../../contract/brand.ts';
import { LOCAL_ANALYSER_VERSION } from './targeted-sentiment.ts';

/** One brand as the judge must describe it; nothing more, nothing less. */
const JudgedBrand = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    sentiment: Sentiment,
    recommendation: RecommendationLevel,
    position: Type.Union([Type.Integer({ minimum: 1, maximum: 100 }), Type.Null()]),
    quote: Type.String({ maxLength: 1_000 }),
    reason: Type.String({ minLength: 1, maxLength: 500 }),
  },
  { additionalProperties: false },
);

const JudgeReply = Type.Object({ brands: Type.Array(JudgedBrand, { maxItems: 50 }) }, { additionalProperties: false });

export type JudgedBrand = Static<typeof JudgedBrand>;

/** Why a judge's reply was not used; each is also a metric label. */
export type VerdictRejection = 'invalid_json' | 'invalid_schema' | 'wrong_brands' | 'misquoted';

export type VerdictReading = { ok: true; brands: Map<string, JudgedBrand> } | { ok: false; rejection: VerdictRejection; detail: string };

/**
 * The judge's reply, checked: one JSON object (a code fence around it is forgiven, nothing else is), in the shape
 * asked for, naming exactly the brands asked about, each quote found word for word in the answer. Keyed by the
 * brand as asked (lower-cased).
 */
export function readJudgeVerdict(reply: string, brands: readonly string[], answer: string): VerdictReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply.trim().replace(/^```(?:json)?\s*\n([\s\S]*)\n```$/, '$1'));
  } catch (error) {
    return { ok: false, rejection: 'invalid_json', detail: (error as Error).message };
  }
  if (!Value.Check(JudgeReply, parsed)) {
    const first = Value.Errors(JudgeReply, parsed)[0];
    return { ok: false, rejection: 'invalid_schema', detail: `${first?.instancePath || '/'}: ${first?.message ?? 'does not match'}` };
  }
  const judged = new Map<string, JudgedBrand>();
  for (const entry of parsed.brands) {
    const key = entry.name.trim().toLocaleLowerCase();
    if (judged.has(key)) return { ok: false, rejection: 'wrong_brands', detail: `${entry.name} is judged twice` };
    judged.set(key, entry);
  }
  const wanted = brands.map((brand) => brand.trim().toLocaleLowerCase());
  const missing = wanted.filter((brand) => !judged.has(brand));
  const extra = [...judged.keys()].filter((brand) => !wanted.includes(brand));
  if (missing.length > 0 || extra.length > 0) {
    return { ok: false, rejection: 'wrong_brands', detail: `missing [${missing.join(', ')}], unexpected [${extra.join(', ')}]` };
  }
  const flatAnswer = flatten(answer);
  for (const entry of judged.values()) {
    if (entry.recommendation === 'not_mentioned') continue;
    // Whitespace may differ (a model re-flows lines); the words must not.
    if (flatten(entry.quote) === '' || !flatAnswer.includes(flatten(entry.quote))) {
      return { ok: false, rejection: 'misquoted', detail: `the quote for ${entry.name} is not in the answer` };
    }
  }
  return { ok: true, brands: judged };
}

const flatten = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The local analysis with the judge's verdict laid over it. Finding the mentions stays local (counts, positions,
 * rank, share of voice); the judge decides the tone of each named brand, its recommendation and the passage that
 * shows it. The local cue words are kept where they lie inside the judge's quote.
 */
export function withJudgeVerdict(analysis: BrandMention, brands: ReadonlyMap<string, JudgedBrand>, model: string): BrandMention {
  const verdictFor = (name: string) => brands.get(name.trim().toLocaleLowerCase());
  const own = verdictFor(analysis.brandName);
  const competitors = analysis.competitors.map((competitor): CompetitorMention => {
    const verdict = verdictFor(competitor.name);
    if (!verdict) return competitor;
    return {
      ...competitor,
      sentiment: competitor.mentioned ? verdict.sentiment : 'neutral',
      evidence: competitor.mentioned ? judgedEvidence(verdict, competitor.evidence) : null,
      recommendation: verdict.recommendation,
    };
  });
  return {
    ...analysis,
    ...(own
      ? {
          sentiment: analysis.mentioned ? own.sentiment : 'neutral',
          evidence: analysis.mentioned ? judgedEvidence(own, analysis.evidence) : null,
          recommendation: own.recommendation,
          judgeReason: own.reason,
        }
      : {}),
    competitors,
    analyser: {
      kind: 'judge',
      version: analysis.analyser?.version ?? LOCAL_ANALYSER_VERSION,
      model,
      // Kept so the local analyser can be measured against the judge on real traffic.
      ...(own && analysis.mentioned ? { localSentiment: analysis.sentiment } : {}),
    },
  };
}

function judgedEvidence(verdict: JudgedBrand, local: SentimentEvidence | null | undefined): SentimentEvidence | null {
  if (verdict.quote.trim() === '') return local ?? null;
  return { sentence: verdict.quote, cues: (local?.cues ?? []).filter((cue) => verdict.quote.includes(cue)) };
}
