import { Alert, Button, Stack, Text } from '@mantine/core';

export interface ErrorPanelProps {
  message: string;
  /** Offer "Try Again" only when the same request might succeed; a rejected question would just fail again. */
  retryable: boolean;
  onRetry(): void;
}

export function ErrorPanel({ message, retryable, onRetry }: ErrorPanelProps) {
  return (
    <Alert color="red" variant="light" title="Error" data-testid="error-panel">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {retryable && (
          <Button color="red" variant="outline" size="xs" onClick={onRetry}>
            Try Again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
