import { Button } from '@mantine/core';

export interface StopButtonProps {
  onStop(): void;
  /** Pressed, and the server has not confirmed yet. */
  stopping: boolean;
  label?: string;
  testId?: string;
}

/** Stops an answer that is still being written; what arrived so far stays on screen. */
export function StopButton({ onStop, stopping, label = 'Stop', testId = 'stop-button' }: StopButtonProps) {
  return (
    <Button size="compact-sm" variant="default" onClick={onStop} loading={stopping} disabled={stopping} data-testid={testId}>
      {label}
    </Button>
  );
}
