import { Box } from '@mantine/core';
import { statusColour, type StatusColour } from './request-groups.ts';

/**
 * A request's status as a coloured dot (completed green, error red, else grey, unless the caller picks the colour).
 * Colour alone says nothing to a screen reader, so the dot carries the status as its accessible name.
 */
export function StatusDot({ status, colour = statusColour(status) }: { status: string; colour?: StatusColour }) {
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
