import { Alert, Button, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useAuthModal } from '../../../app-state/auth-modal-context.tsx';
import { lockPrompt, type ModelLock } from '../../../catalogue/model-access.ts';

/**
 * Why nothing can be asked on this engine yet, next to the pickers: the Ask button is off while no model is
 * chosen, and a disabled button alone does not say what would turn it on.
 */
export function EngineLockNotice({ engineName, lock }: { engineName: string; lock: ModelLock }) {
  const authModal = useAuthModal();
  const register = lock === 'Register';
  return (
    <Alert
      variant="light"
      color={register ? 'indigo' : 'grape'}
      title={register ? `${engineName} models need a free account` : `${engineName} models need premium`}
      data-testid="engine-lock-notice"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" style={{ flex: '1 1 16rem' }}>
          {lockPrompt(lock)} Until then, Ask stays off here: switch to another engine to ask now.
        </Text>
        {register ? (
          <Button size="xs" onClick={() => authModal.open('register')} data-testid="engine-lock-sign-up">
            Sign Up
          </Button>
        ) : (
          <Button size="xs" color="grape" component={Link} to="/pricing">
            See plans
          </Button>
        )}
      </Group>
    </Alert>
  );
}
