export const LINK_TEXT_MAX_LENGTH = 50;

/**
 * Shortens a link's visible text past `maxLength` characters with an ellipsis, so a long bare URL does not stretch
 * the answer on a narrow screen. Counts characters, not UTF-16 units, so an emoji is never cut in half.
 */
export function shortenLinkText(text: string, maxLength = LINK_TEXT_MAX_LENGTH): string {
  const characters = Array.from(text);
  return characters.length > maxLength ? `${characters.slice(0, maxLength).join('')}…` : text;
}
