import { useEffect, useState } from 'react';

/** "Updated just now", "Updated 1 minute ago", "Updated 3 hours ago": how fresh a board is, in words. */
export function updatedAgo(computedAt: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(computedAt)) / 60_000));
  if (minutes < 1) return 'Updated just now';
  if (minutes < 60) return `Updated ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `Updated ${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  return `Updated ${Math.floor(hours / 24)} days ago`;
}

/** The current time, ticking every `everyMs`, so a relative time on the page stays true. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
