import { FACT_SHEET_LIMITS, type BrandFact } from '../../../../contract/brand-facts.ts';

/**
 * A fact sheet as a person types it: one claim per line, its source after " | " when it has one
 * ("Founded in 2012 in Lyon | https://example.com/about"). A line whose part after the last " | " is not a web address
 * is a claim that happens to hold a bar.
 */

const SOURCE_SEPARATOR = ' | ';

export function factsFromText(text: string): BrandFact[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const at = line.lastIndexOf(SOURCE_SEPARATOR);
      const source = at < 0 ? '' : line.slice(at + SOURCE_SEPARATOR.length).trim();
      if (!/^https?:\/\//i.test(source)) return { claim: line };
      return { claim: line.slice(0, at).trim(), sourceUrl: source };
    });
}

export function textFromFacts(facts: readonly BrandFact[] | undefined): string {
  return (facts ?? []).map((fact) => (fact.sourceUrl ? `${fact.claim}${SOURCE_SEPARATOR}${fact.sourceUrl}` : fact.claim)).join('\n');
}

/** What the server would refuse, said before saving; null when the sheet can be sent. */
export function factSheetProblem(facts: readonly BrandFact[]): string | null {
  if (facts.length > FACT_SHEET_LIMITS.facts) return `At most ${FACT_SHEET_LIMITS.facts} facts (${facts.length} entered)`;
  const long = facts.findIndex((fact) => fact.claim.length > FACT_SHEET_LIMITS.claim);
  if (long >= 0) return `Fact ${long + 1} is longer than ${FACT_SHEET_LIMITS.claim} characters`;
  const blank = facts.findIndex((fact) => fact.claim === '');
  if (blank >= 0) return `Fact ${blank + 1} has a source but no claim`;
  const badSource = facts.findIndex((fact) => fact.sourceUrl !== undefined && (fact.sourceUrl.length > FACT_SHEET_LIMITS.sourceUrl || /\s/.test(fact.sourceUrl)));
  if (badSource >= 0) return `Fact ${badSource + 1}'s source is not a web address`;
  return null;
}
