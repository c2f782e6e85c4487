import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

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
      {/* What pressing brings: the sun back to light, the moon into dark. */}
      {current === 'dark' ? <IconSun size={18} stroke={2} aria-hidden /> : <IconMoon size={18} stroke={2} aria-hidden />}
    </ActionIcon>
  );
}
