import { Mark } from '@mantine/core';
import { highlightParts, plainPassage } from './brand-summary-text.ts';

/** A passage of an answer with the brand's terms marked, so the eye finds them at once. */
export function HighlightedText({ text, terms }: { text: string; terms: readonly string[] }) {
  return (
    <>
      {highlightParts(plainPassage(text), terms).map((part, index) =>
        part.highlighted ? (
          <Mark key={index} color="yellow">
            {part.text}
          </Mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
