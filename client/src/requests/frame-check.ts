import { Check } from 'typebox/schema';
import { CompareStreamFrame } from '../../../contract/compare-stream.ts';
import { SearchStreamFrame } from '../../../contract/search-stream.ts';
import type { AskKind } from '../../../contract/ask.ts';

/**
 * Checks a frame against the contract's schema for its stream. This module carries the schemas and TypeBox's
 * checker (≈13 KB gzip), so it is only ever loaded with `import()` (through `follower-loader.ts`): the first paint
 * does not pay for it.
 */

export interface ReceivedFrame {
  event: string;
  data: unknown;
}

export type FrameVerdict = { verdict: 'valid' } | { verdict: 'unknown' } | { verdict: 'invalid'; reason: string };

export type FrameCheck = (kind: AskKind, frame: ReceivedFrame) => FrameVerdict;

/** An arena round streams the comparison's frames, blind until the vote. */
const STREAMS = { single: SearchStreamFrame, comparison: CompareStreamFrame, arena: CompareStreamFrame } as const;

/** Names the data fields that broke the schema, so the log says more than "invalid". */
function brokenFields(schema: (typeof SearchStreamFrame.anyOf)[number] | (typeof CompareStreamFrame.anyOf)[number], data: unknown): string {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'data is not an object';
  const fields = schema.properties.data.properties as Record<string, unknown>;
  const required = new Set<string>((schema.properties.data as { required?: string[] }).required ?? []);
  const values = data as Record<string, unknown>;
  const broken = Object.entries(fields)
    .filter(([name, fieldSchema]) => (name in values || required.has(name)) && !Check(fieldSchema as never, values[name]))
    .map(([name]) => name);
  return broken.length > 0 ? `fields ${broken.join(', ')} do not match the contract` : 'does not match the contract';
}

export const checkFrame: FrameCheck = (kind, frame) => {
  const members: readonly ((typeof SearchStreamFrame.anyOf)[number] | (typeof CompareStreamFrame.anyOf)[number])[] = STREAMS[kind].anyOf;
  const schema = members.find((member) => member.properties.event.const === frame.event);
  // A frame this client does not know yet: skipping it lets the server add frames without breaking older pages.
  if (!schema) return { verdict: 'unknown' };
  if (Check(schema, frame)) return { verdict: 'valid' };
  return { verdict: 'invalid', reason: `${frame.event}: ${brokenFields(schema, frame.data)}` };
};
