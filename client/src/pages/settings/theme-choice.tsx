import { SegmentedControl, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';

const CHOICES: { value: MantineColorScheme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'System' },
];

/** The same choice as the top bar's sun and moon, plus following the system again. Kept in this browser. */
export function ThemeChoice() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <SegmentedControl
      value={colorScheme}
      onChange={(value) => setColorScheme(value as MantineColorScheme)}
      data={CHOICES}
      aria-label="Theme"
      data-testid="theme-choice"
      style={{ alignSelf: 'flex-start' }}
    />
  );
}
