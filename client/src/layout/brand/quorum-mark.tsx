/**
 * Quorum's mark: three voices (three models' answers) that overlap where they agree. Drawn inline so it costs no
 * request and takes the page's colours; decorative beside the word "Quorum", which carries the name.
 */
export function QuorumMark({ size = 26 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false" style={{ flexShrink: 0 }}>
      <circle cx="12" cy="12.5" r="8.5" fill="var(--mantine-color-indigo-6)" opacity="0.9" />
      <circle cx="20" cy="12.5" r="8.5" fill="var(--mantine-color-violet-5)" opacity="0.8" />
      <circle cx="16" cy="19.5" r="8.5" fill="var(--mantine-color-teal-5)" opacity="0.75" />
    </svg>
  );
}
