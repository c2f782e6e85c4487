import { createRootRoute, createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { RootLayout } from './layout/root-layout/root-layout.tsx';
import { HomePage } from './pages/home/home-page.tsx';

// Rare, so it loads on demand like the pages below.
const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: lazyRouteComponent(() => import('./pages/not-found/not-found-page.tsx')) });

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomePage });

const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify-email',
  // Spec section 2: the page reads `token` and `email`; anything else in the URL is ignored.
  validateSearch: (search: Record<string, unknown>): { token?: string; email?: string } => ({
    ...(typeof search['token'] === 'string' ? { token: search['token'] } : {}),
    ...(typeof search['email'] === 'string' ? { email: search['email'] } : {}),
  }),
  // Opened from the link in the verification email, once per account: its code loads then, not with every first paint.
  component: lazyRouteComponent(() => import('./pages/verify-email/verify-email-page.tsx'), 'VerifyEmailPage'),
});

// Opened from account mails (a reset link, a new address to confirm) and by people changing their account: each loads
// when opened.
const tokenSearch = (search: Record<string, unknown>): { token?: string } => (typeof search['token'] === 'string' ? { token: search['token'] } : {});
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('./pages/reset-password/reset-password-page.tsx'), 'ResetPasswordPage'),
});
const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirm-email',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('./pages/confirm-email/confirm-email-page.tsx'), 'ConfirmEmailPage'),
});
const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings',
  component: lazyRouteComponent(() => import('./pages/settings/settings-page.tsx'), 'SettingsPage'),
});

// Visited by few, so the form and its FAQ load when the page is opened, never with the first paint.
const helpSupportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/help-support',
  component: lazyRouteComponent(() => import('./pages/help-support/help-support-page.tsx'), 'HelpSupportPage'),
});

// Only signed-in people with brands to watch open it, so its code (and the charts') loads on the first visit.
const brandMentionsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/brand-mentions',
  component: lazyRouteComponent(() => import('./pages/brand-mentions/brand-mentions-page.tsx'), 'BrandMentionsPage'),
});

// Signed-in people's tracked prompt sets; the page and, later, its charts load when it is opened.
const trackingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tracking',
  validateSearch: (search: Record<string, unknown>): { set?: string } => (typeof search['set'] === 'string' ? { set: search['set'] } : {}),
  component: lazyRouteComponent(() => import('./pages/tracking/tracking-page.tsx'), 'TrackingPage'),
});

// Developers only: key management and the usage snippets load when the page is opened.
const developerApiRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/developers',
  component: lazyRouteComponent(() => import('./pages/developer-api/developer-api-page.tsx'), 'DeveloperApiPage'),
});

// The arena, its leaderboard and shared links load when opened; none adds to the first paint.
const arenaRoutes = (
  [
    ['/arena', () => import('./pages/arena/arena-page.tsx')],
    ['/leaderboard', () => import('./pages/leaderboard/leaderboard-page.tsx')],
    ['/share/$token', () => import('./pages/shared/shared-request-page.tsx')],
    ['/shared-links', () => import('./pages/shared/shared-links-page.tsx')],
  ] as const
).map(([path, page]) => createRoute({ getParentRoute: () => rootRoute, path, component: lazyRouteComponent(page) }));

// Pricing, the models page and the legal texts are read by few visits, so each loads when it is opened, never with the first paint.
const informationRoutes = (
  [
    ['/pricing', () => import('./pages/pricing/pricing-page.tsx')],
    ['/models', () => import('./pages/models/models-page.tsx')],
    ['/terms-and-conditions', () => import('./pages/legal/terms-page.tsx')],
    ['/privacy-policy', () => import('./pages/legal/privacy-policy-page.tsx')],
    ['/cookie-policy', () => import('./pages/legal/cookie-policy-page.tsx')],
  ] as const
).map(([path, page]) => createRoute({ getParentRoute: () => rootRoute, path, component: lazyRouteComponent(page) }));

const routeTree = rootRoute.addChildren([
  homeRoute,
  verifyEmailRoute,
  resetPasswordRoute,
  confirmEmailRoute,
  settingsRoute,
  brandMentionsRoute,
  trackingRoute,
  helpSupportRoute,
  developerApiRoute,
  ...arenaRoutes,
  ...informationRoutes,
]);

export function createAppRouter() {
  return createRouter({ routeTree, scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
