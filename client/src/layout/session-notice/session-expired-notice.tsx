import { Box, Button, Group, Notification, Text } from '@mantine/core';
import { useAuth } from '../../app-state/auth-context.tsx';
import { useAuthModal } from '../../app-state/auth-modal-context.tsx';

/**
 * Says why the page just signed itself out (the session expired, or the person signed out in another tab), in a
 * corner, without blocking what is on screen: everything already shows what a guest sees.
 */
export function SessionExpiredNotice() {
  const { dismissSessionExpired } = useAuth();
  const authModal = useAuthModal();

  return (
    <Box
      style={{
        position: 'fixed',
        bottom: 'var(--mantine-spacing-md)',
        right: 'var(--mantine-spacing-md)',
        width: 'min(26rem, calc(100vw - 2 * var(--mantine-spacing-md)))',
        // Above the app shell's header and drawer, below modals (signing in again opens one).
        zIndex: 'calc(var(--mantine-z-index-modal) - 1)',
      }}
    >
      <Notification
        color="orange"
        title="Session expired"
        onClose={dismissSessionExpired}
        closeButtonProps={{ 'aria-label': 'Dismiss' }}
        withBorder
        data-testid="session-expired-notice"
      >
        <Group justify="space-between" align="flex-end" gap="xs" wrap="wrap">
          <Text size="sm" style={{ flex: '1 1 14rem' }}>
            You have been signed out. Sign in again to get back your credits and history.
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              dismissSessionExpired();
              authModal.open('login');
            }}
          >
            Sign In
          </Button>
        </Group>
      </Notification>
    </Box>
  );
}
