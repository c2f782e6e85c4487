import { expect } from 'vitest';
import type { RunningProviderSimulator } from '../../simulator/provider-simulator.ts';
import { underLoad } from './load-scaled-timeout.ts';

/**
 * Lets the answers held at `gate` (`[[simulate hold-after=N gate=G]]`) go on once `count` of them are there. A release
 * lets go only of answers already waiting, so it waits for them first: releasing early would leave a late one held.
 */
export async function releaseWhenHeld(simulator: Pick<RunningProviderSimulator, 'heldAt' | 'releaseHeld'>, gate: number, count = 1): Promise<void> {
  await expect.poll(() => simulator.heldAt(gate), { timeout: underLoad(15_000) }).toBe(count);
  expect(simulator.releaseHeld(gate)).toBe(count);
}
