import { Anchor, Badge, Burger, Button, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useAuth } from '../../app-state/auth-context.tsx';
import { useAuthModal } from '../../app-state/auth-modal-context.tsx';
import { useCredits } from '../../app-state/credits-context.tsx';
import { creditsText } from '../../catalogue/model-access.ts';
import { QuorumMark } from '../brand/quorum-mark.tsx';
import { ColorSchemeToggle } from './color-scheme-toggle.tsx';

// Only signed-in people have a menu; its code (menu, confirmation dialog) is fetched when it is first shown.
const UserMenu = lazy(() => import('./user-menu.tsx').then((module) => ({ default: module.UserMenu })));
// Guests have no sidebar: their way to the arena, the leaderboard and the rest, fetched after the first paint.
const GuestNavigation = lazy(() => import('./guest-navigation.tsx'));

/** The phone-sized count: 1,250 → 1.3k, so the top bar keeps room for the buttons. */
function compactCount(count: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(count);
}

interface TopBarProps {
  /** Present when there is a sidebar to open on small screens. */
  navigation?: { opened: boolean; toggle(): void };
}

/** Spec section 2's top bar: logo, credit count (compact on small screens), then sign-in buttons or the user menu. */
export function TopBar({ navigation }: TopBarProps) {
  const { user } = useAuth();
  const { creditsRemaining } = useCredits();
  const authModal = useAuthModal();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        {navigation && (
          <Burger opened={navigation.opened} onClick={navigation.toggle} hiddenFrom="md" size="sm" aria-label="Toggle navigation" aria-expanded={navigation.opened} />
        )}
        <Anchor component={Link} to="/" underline="never" c="inherit" fw={800} fz="xl" aria-label="Quorum home" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <QuorumMark />
          {/* On a phone the mark alone: the credits and the sign-in buttons need the room. */}
          <Text span inherit visibleFrom="xs">
            Quorum
          </Text>
        </Anchor>
        {!user && (
          <Suspense fallback={null}>
            <GuestNavigation />
          </Suspense>
        )}
      </Group>
      <Group gap="sm" wrap="nowrap">
        <ColorSchemeToggle />
        {creditsRemaining !== null && (
          <Badge size="lg" variant="light" tt="none" data-testid="credit-count" title="Credits you can spend now" aria-label={`${creditsText(creditsRemaining)} remaining`}>
              <Text span inherit visibleFrom="sm">
                {creditsText(creditsRemaining)}
              </Text>
              <Text span inherit hiddenFrom="sm">
                {compactCount(creditsRemaining)}
              </Text>
          </Badge>
        )}
        {user ? (
          <Suspense fallback={null}>
            <UserMenu user={user} />
          </Suspense>
        ) : (
          <>
            <Button variant="subtle" size="compact-md" onClick={() => authModal.open('login')}>
              Sign In
            </Button>
            <Button size="compact-md" onClick={() => authModal.open('register')}>
              Sign Up
            </Button>
          </>
        )}
      </Group>
    </Group>
  );
}
