import { IconLock } from '@tabler/icons-react';

/**
 * A padlock for lock badges, from the interface's one icon set. An icon rather than an emoji: not every system has
 * an emoji font, and where it lacks one the badge shows an empty box.
 */
export function LockIcon({ size = 10 }: { size?: number }) {
  return <IconLock size={size} stroke={2.25} aria-hidden focusable={false} />;
}
