import { createRootRouteWithContext, createRoute, createRouter } from '@tanstack/react-router';
import type { QuorumApi } from './api/quorum-api.ts';
import { RootLayout } from './layout/root-layout/root-layout.tsx';
import { HomePage } from './pages/home/home-page.tsx';
import { NotFoundPage } from './pages/not-found/not-found-page.tsx';

/** What every route can reach through `useRouteContext`. */
export interface RouterContext {
  api: QuorumApi;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: HomePage,
});

const routeTree = rootRoute.addChildren([homeRoute]);

export function createAppRouter(context: RouterContext) {
  return createRouter({ routeTree, context, scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
