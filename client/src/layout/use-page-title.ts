import { useEffect } from 'react';

/** Names the browser tab (and what screen readers announce on navigation) after the page shown. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · Quorum` : 'Quorum · Ask several AI models, compare their answers';
  }, [title]);
}
