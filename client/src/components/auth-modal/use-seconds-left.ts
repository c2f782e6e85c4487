import { useEffect, useState } from 'react';
import { secondsUntil } from './verification-cooldown.ts';

/**
 * Seconds left until `endsAt` (epoch ms), re-rendering as it counts down and stopping at 0. Reads the clock on
 * every tick instead of counting ticks, so a throttled background tab still shows the right time when it wakes.
 */
export function useSecondsLeft(endsAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    setNow(Date.now());
    if (endsAt === null || endsAt <= Date.now()) return;
    // Several ticks a second keep the shown second from lagging the real one by up to a whole second.
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  return secondsUntil(endsAt, now);
}
