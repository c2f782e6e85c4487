import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';

/**
 * Light or dark, whichever the visitor prefers: the page follows the system until this is pressed, then keeps the
 * choice (Mantine stores it in localStorage).
 */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const current = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = current === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" onClick={() => setColorScheme(next)} aria-label={`Switch to ${next} theme`} data-testid="color-scheme-toggle">
      {current === 'dark' ? (
        // A sun: what pressing brings.
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden>
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </svg>
      ) : (
        // A moon.
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        </svg>
      )}
    </ActionIcon>
  );
}
