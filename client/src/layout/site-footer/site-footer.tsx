import { lazy, Suspense } from 'react';

// Below the fold on every page, so it is fetched after the first paint instead of with it.
const SiteFooterContent = lazy(() => import('./site-footer-content.tsx'));

/** The footer, loaded on demand; nothing stands in while it loads, as nothing above it depends on its height. */
export function SiteFooter() {
  return (
    <Suspense fallback={null}>
      <SiteFooterContent />
    </Suspense>
  );
}
