import Type from 'typebox';
import { Value } from 'typebox/value';
import type { FactStatement } from '../../contract/brand-facts.ts';
import { MAX_FACT_STATEMENTS } from './fact-check-prompt.ts';

const JudgedStatement = Type.Object(
  {
    verdict: Type.Union([Type.Literal('contradicted'), Type.Literal('supported'), Type.Literal('unchecked')]),
    quote: Type.String({ minLength: 1, maxLength: 1_000 }),
    fact: Type.Union([Type.String({ maxLength: 1_000 }), Type.Null()]),
  },
  { additionalProperties: false },
);

const FactCheckReply = Type.Object({ statements: Type.Array(JudgedStatement, { maxItems: MAX_FACT_STATEMENTS }) }, { additionalProperties: false });

/** Why a fact-check reply was not used at all; each is also a metric label. */
export type FactCheckRejection = 'invalid_json' | 'invalid_schema';

export type FactCheckReading = { ok: true; statements: FactStatement[]; dropped: number } | { ok: false; rejection: FactCheckRejection; detail: string };

/**
 * The judge's reply, checked: one JSON object in the shape asked for (a code fence around it is forgiven), else
 * nothing of it is used. Then statement by statement, as the brand judge's quotes are: a quote not found word for word
 * in the answer (whitespace aside), or a fact that is not on the sheet, drops that statement alone and is counted,
 * so one invented quote does not cost the others. Each kept statement names the sheet's claim as written there.
 */
export function readFactCheck(reply: string, facts: readonly string[], answer: string): FactCheckReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply.trim().replace(/^```(?:json)?\s*\n([\s\S]*)\n```$/, '$1'));
  } catch (error) {
    return { ok: false, rejection: 'invalid_json', detail: (error as Error).message };
  }
  if (!Value.Check(FactCheckReply, parsed)) {
    const first = Value.Errors(FactCheckReply, parsed)[0];
    return { ok: false, rejection: 'invalid_schema', detail: `${first?.instancePath || '/'}: ${first?.message ?? 'does not match'}` };
  }
  const sheet = new Map(facts.map((fact) => [flatten(fact).toLocaleLowerCase(), fact]));
  const flatAnswer = flatten(answer);
  const statements: FactStatement[] = [];
  let dropped = 0;
  for (const entry of parsed.statements) {
    const quote = flatten(entry.quote);
    const fact = entry.fact === null ? null : sheet.get(flatten(entry.fact).toLocaleLowerCase());
    const factFits = entry.verdict === 'unchecked' ? true : fact !== undefined && fact !== null;
    if (quote === '' || !flatAnswer.includes(quote) || !factFits) {
      dropped += 1;
      continue;
    }
    statements.push({ verdict: entry.verdict, quote: entry.quote.trim(), fact: entry.verdict === 'unchecked' ? null : fact! });
  }
  return { ok: true, statements, dropped };
}

const flatten = (text: string) => text.replace(/\s+/g, ' ').trim();
