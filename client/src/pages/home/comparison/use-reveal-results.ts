import { useEffect, useState } from 'react';

/**
 * A continued request's answers are brought into view once they are back on the page: `reveal()` asks for it, and
 * the results' title is scrolled to as soon as there are columns to show.
 */
export function useRevealResults(columnCount: number): () => void {
  const [revealing, setRevealing] = useState(false);
  useEffect(() => {
    if (!revealing || columnCount === 0) return;
    setRevealing(false);
    document.getElementById('comparison-results-title')?.scrollIntoView({ block: 'start' });
  }, [revealing, columnCount]);
  return () => setRevealing(true);
}
