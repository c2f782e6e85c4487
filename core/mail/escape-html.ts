/** Text as HTML that shows it literally: whatever a user typed must never become markup in a mail. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
