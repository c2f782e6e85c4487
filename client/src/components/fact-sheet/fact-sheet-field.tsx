import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { FACT_SHEET_LIMITS, type BrandFact } from '../../../../contract/brand-facts.ts';
import { factSheetProblem, factsFromText, textFromFacts } from './fact-sheet-text.ts';

interface FactSheetFieldProps {
  facts: readonly BrandFact[] | undefined;
  onChange(facts: BrandFact[]): void;
  testId?: string;
}

/**
 * The brand's fact sheet: claims the company stands behind, one per line, each with an optional source. The text is
 * kept as typed (a half-typed source stays as it is) and the facts it reads as are handed up on every change.
 */
export function FactSheetField({ facts, onChange, testId = 'fact-sheet' }: FactSheetFieldProps) {
  const [text, setText] = useState(() => textFromFacts(facts));
  const parsed = factsFromText(text);
  return (
    <Textarea
      label={`Fact sheet (${parsed.length}/${FACT_SHEET_LIMITS.facts})`}
      description='Claims you stand behind, one per line, optionally with " | " and a source address. With a judge model, every answer naming the brand is checked against them.'
      placeholder={'Founded in 2012 in Lyon | https://example.com/about\nFree plan for up to 3 users'}
      autosize
      minRows={2}
      maxRows={8}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        onChange(factsFromText(event.currentTarget.value));
      }}
      error={factSheetProblem(parsed) ?? undefined}
      data-testid={testId}
    />
  );
}
