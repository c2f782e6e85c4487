import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ErrorPanelProps {
  message: string;
  /** Offer "Try Again" only when the same request might succeed; a rejected question would just fail again. */
  retryable: boolean;
  onRetry(): void;
  onClear?(): void;
  title?: string;
  /** A way forward the error itself suggests (Buy Credits after "Insufficient credits"). */
  action?: ReactNode;
}

/** Spec section 2's error panel: title "Error", the message, Try Again only when retryable, an optional clear. */
export function ErrorPanel({ message, retryable, onRetry, onClear, title = 'Error', action }: ErrorPanelProps) {
  return (
    <Alert color="red" variant="light" title={title} data-testid="error-panel" role="alert">
      <Text size="sm">{message}</Text>
      {(retryable || onClear || action) && (
        <Group gap="xs" mt="sm">
          {action}
          {retryable && (
            <Button color="red" variant="outline" size="xs" onClick={onRetry}>
              Try Again
            </Button>
          )}
          {onClear && (
            <Button color="gray" variant="subtle" size="xs" onClick={onClear}>
              Clear
            </Button>
          )}
        </Group>
      )}
    </Alert>
  );
}
