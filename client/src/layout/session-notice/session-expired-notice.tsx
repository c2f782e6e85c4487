import { Button, Group, Text } from '@mantine/core';
import { useAuth } from '../../app-state/auth-context.tsx';
import { useAuthModal } from '../../app-state/auth-modal-context.tsx';
import { CornerNotice } from './corner-notice.tsx';

/**
 * Says why the page just signed itself out (the session expired, or the person signed out in another tab), in a
 * corner, without blocking what is on screen: everything already shows what a guest sees.
 */
export function SessionExpiredNotice() {
  const { dismissSessionExpired } = useAuth();
  const authModal = useAuthModal();

  return (
    <CornerNotice color="orange" title="Session expired" onClose={dismissSessionExpired} testId="session-expired-notice">
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
    </CornerNotice>
  );
}
