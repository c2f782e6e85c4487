import { VisuallyHidden } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { ColumnPhase, RunColumn } from '../../../requests/request-state.ts';
import { columnCostText, columnStatus, NOT_CHARGED_YET } from './column-status.ts';
import classes from './comparison-workspace.module.css';

/**
 * A column's state as a word beside a coloured dot: the word carries it (in the page's own text colour, readable in
 * both schemes), the dot lets the eye find the one still streaming or the one that failed.
 */
export function ColumnStatusBadge({ phase, testId = 'column-status' }: { phase: ColumnPhase; testId?: string }) {
  const status = columnStatus(phase);
  return (
    <span className={classes.status} data-status={phase} data-testid={testId} style={{ '--status-colour': `var(--mantine-color-${status.colour}-6)` } as CSSProperties}>
      <span className={classes.statusDot} aria-hidden="true" />
      {status.label}
    </span>
  );
}

/** What the answer on screen cost; a dash while it is still being written, read out as "not charged yet". */
export function ColumnCost({ column, testId }: { column: Pick<RunColumn, 'phase' | 'result'>; testId?: string }) {
  const cost = columnCostText(column);
  return (
    <span className={classes.cost} data-testid={testId}>
      {cost ?? (
        <>
          <span aria-hidden="true">–</span>
          <VisuallyHidden>{NOT_CHARGED_YET}</VisuallyHidden>
        </>
      )}
    </span>
  );
}
