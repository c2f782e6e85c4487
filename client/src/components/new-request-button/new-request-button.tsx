import { Button, Group } from '@mantine/core';

export interface NewRequestButtonProps {
  label: string;
  onClick(): void;
  testId: string;
  align?: 'center' | 'flex-end';
}

/** "New Search" / "New Comparison": the way back to an empty form once an answer has finished or failed. */
export function NewRequestButton({ label, onClick, testId, align = 'flex-end' }: NewRequestButtonProps) {
  return (
    <Group justify={align}>
      <Button variant="light" onClick={onClick} data-testid={testId}>
        {label}
      </Button>
    </Group>
  );
}
