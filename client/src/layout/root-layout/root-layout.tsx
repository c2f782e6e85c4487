import { Container, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useAuth } from '../../app-state/auth-context.tsx';
import { useAuthModal } from '../../app-state/auth-modal-context.tsx';
import { DemoBanner } from '../../components/demo-banner/demo-banner.tsx';
import { PageFrame } from '../page-frame/page-frame.tsx';
import { RegistrationBanner } from '../registration-banner/registration-banner.tsx';
import { SiteFooter } from '../site-footer/site-footer.tsx';
import { StartupLoader } from '../startup-loader/startup-loader.tsx';
import { TopBar } from '../top-bar/top-bar.tsx';
import { useDemoModeKnown } from './use-demo-mode-known.ts';
import { useEscapeToClose } from './use-escape-to-close.ts';

// Not needed for the first paint: fetched when someone opens it.
const AuthModal = lazy(() => import('../../components/auth-modal/auth-modal.tsx'));
// Only signed-in people have a sidebar; guests, most first visits, never download it.
const AppSidebar = lazy(() => import('../sidebar/app-sidebar.tsx').then((module) => ({ default: module.AppSidebar })));
// Rare: only when a session ends under the page.
const SessionExpiredNotice = lazy(() =>
  import('../session-notice/session-expired-notice.tsx').then((module) => ({ default: module.SessionExpiredNotice })),
);
// Rarer still: once per account, after deleting it.
const AccountDeletedNotice = lazy(() =>
  import('../session-notice/account-deleted-notice.tsx').then((module) => ({ default: module.AccountDeletedNotice })),
);

/**
 * The frame around every page: top bar, the sidebar for signed-in users (a
 * drawer below the md breakpoint), banners, the page, the footer. Until the start-up session check answers, a
 * full-screen loader stands in, so nobody sees the signed-out chrome flash before their own; it also waits (briefly)
 * to know whether this is demo mode, so the demo banner comes with the page instead of pushing it down later.
 */
export function RootLayout() {
  const { status, user, sessionExpired, accountDeleted } = useAuth();
  const authModal = useAuthModal();
  const [navigationOpened, navigation] = useDisclosure(false);
  // Mantine's md breakpoint: below it the sidebar is a drawer, moved off-screen when closed.
  const wideScreen = useMediaQuery('(min-width: 62em)', true);
  // The phone's navigation drawer closes on Escape, like every dialog.
  useEscapeToClose(navigationOpened, navigation.close);
  const demoModeKnown = useDemoModeKnown();

  if (status === 'loading' || !demoModeKnown) return <StartupLoader />;
  const withSidebar = user !== null;

  return (
    <PageFrame
      header={
        <>
          <a href="#main-content" className="skip-link">
            Skip to content
          </a>
          <TopBar navigation={withSidebar ? { opened: navigationOpened, toggle: navigation.toggle } : undefined} />
        </>
      }
      navbar={
        withSidebar
          ? {
              opened: navigationOpened,
              // A closed drawer is off-screen but still in the page: `inert` keeps its links out of the Tab order and
              // away from screen readers until it is opened.
              inert: !wideScreen && !navigationOpened,
              content: (
                <Suspense fallback={null}>
                  <AppSidebar onNavigate={navigation.close} />
                </Suspense>
              ),
            }
          : undefined
      }
    >
      <Container size="lg" py="lg" px={{ base: 'sm', sm: 'md' }} id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        <Stack gap="lg">
          <DemoBanner />
          <RegistrationBanner />
          <Outlet />
        </Stack>
      </Container>
      <SiteFooter />
      {authModal.mode !== null && (
        <Suspense fallback={null}>
          <AuthModal />
        </Suspense>
      )}
      {sessionExpired && (
        <Suspense fallback={null}>
          <SessionExpiredNotice />
        </Suspense>
      )}
      {accountDeleted && (
        <Suspense fallback={null}>
          <AccountDeletedNotice />
        </Suspense>
      )}
    </PageFrame>
  );
}
