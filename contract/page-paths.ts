/**
 * The addresses of the web app's pages, as its router declares them (`client/src/router.tsx`; a unit test keeps
 * the two lists equal). The server answers these with the app and any other non-API address with the app's
 * not-found page under HTTP 404, so a mistyped link is a real 404 to browsers, crawlers and monitors.
 * A segment written `$name` matches any one segment.
 */
export const PAGE_PATHS = [
  '/',
  '/verify-email',
  '/reset-password',
  '/confirm-email',
  '/settings',
  '/brand-mentions',
  '/tracking',
  '/help-support',
  '/developers',
  '/arena',
  '/leaderboard',
  '/share/$token',
  '/shared-links',
  '/pricing',
  '/models',
  '/terms-and-conditions',
  '/privacy-policy',
  '/cookie-policy',
] as const;

const patterns = PAGE_PATHS.map((page) => page.split('/').filter(Boolean));

/** Whether `path` (no query string) is one of the app's pages; a trailing slash is ignored. */
export function isPagePath(path: string): boolean {
  const segments = path.split('/').filter(Boolean);
  return patterns.some((pattern) => pattern.length === segments.length && pattern.every((part, index) => part.startsWith('$') || part === segments[index]));
}
