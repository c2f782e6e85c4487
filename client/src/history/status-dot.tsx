import { Box } from '@mantine/core';
import { statusColour } from './request-groups.ts';

/**
 * A request's status as a coloured dot (spec section 2: completed green, error red, else grey). Colour alone says
 * nothing to a screen reader, so the dot carries the status as its accessible name.
 */
export function StatusDot({ status }: { status: string }) {
  const colour = statusColour(status);
  return (
    <Box
      component="span"
      role="img"
      aria-label={`Status: ${status}`}
      data-testid="request-status-dot"
      data-colour={colour}
      style={{
        display: 'inline-block',
        flex: 'none',
        width: 8,
        height: 8,
        borderRadius: '50%',
        backgroundColor: `var(--mantine-color-${colour}-6)`,
      }}
    />
  );
}
