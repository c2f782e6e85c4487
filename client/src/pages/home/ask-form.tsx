import { Paper, Stack } from '@mantine/core';
import type { AttachmentInfo } from '../../../../contract/attachments.ts';
import { lazy, Suspense, useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useCredits } from '../../app-state/credits-context.tsx';
import { isAffordable, requestCost, type ModelChoice } from '../../catalogue/model-access.ts';
import type { AiOverviewParams } from '../../components/ai-overview-settings/ai-overview-params.ts';
import { QueryBox, type QueryBoxProps } from '../../components/query-box/query-box.tsx';
import { SearchSettings, type SearchSettingsProps } from '../../components/search-settings/search-settings.tsx';
import { scrollToTop } from './scroll-to-top.ts';

// Only for the AI Overview engine: its country and language lists load when that engine is chosen.
const AiOverviewSettings = lazy(() =>
  import('../../components/ai-overview-settings/ai-overview-settings.tsx').then((module) => ({ default: module.AiOverviewSettings })),
);

// Attaching files: its button, chips and uploads load after the first paint.
const AttachmentPicker = lazy(() => import('../../components/attachments/attachment-picker.tsx'));

/** What a question's files add to each model's price: each file says its own share. */
export const attachmentCreditsOf = (files: readonly AttachmentInfo[]): number => files.reduce((sum, file) => sum + file.credits, 0);

/** The question being typed: its text, its files, the box to focus, and a change handler that also clears its error. */
export function useQueryDraft(onEdit: () => void) {
  const [query, setQuery] = useState('');
  const [attachments, setAttachments] = useState<readonly AttachmentInfo[]>([]);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const change = useCallback(
    (next: string) => {
      setQuery(next);
      onEdit();
    },
    [onEdit],
  );
  // Without scrolling, so focusing does not fight a smooth scroll to the top.
  const focus = useCallback(() => inputRef.current?.focus({ preventScroll: true }), []);
  /** New Search / New Comparison: an empty box, the page back at the top, the cursor in the box. */
  const startOver = useCallback(() => {
    setQuery('');
    setAttachments([]);
    scrollToTop();
    focus();
  }, [focus]);
  /** The body's `attachmentIds` (none: nothing), emptying the chips: a file goes with one question only. */
  const takeAttachments = (): { attachmentIds?: string[] } => {
    if (attachments.length === 0) return {};
    setAttachments([]);
    return { attachmentIds: attachments.map((file) => file.id) };
  };
  return { query, setQuery, change, inputRef, focus, startOver, attachments, setAttachments, takeAttachments };
}

export type QueryDraft = ReturnType<typeof useQueryDraft>;

/**
 * What the picked models cost with the chosen extras, and whether the credits left cover it. A comparison with
 * nothing ticked costs 0; a single view without a model has no price to show yet.
 */
export function useRequestPrice(choices: readonly ModelChoice[], searchEnabled: boolean, single: boolean, attachmentCredits = 0) {
  const { creditsRemaining, pricing } = useCredits();
  const picks = choices.map((choice) => ({ engine: choice.engine, modelId: choice.model.id }));
  // Attached files add their price once per model that reads them.
  const cost = !pricing || (single && picks.length === 0) ? null : requestCost(pricing, picks, searchEnabled) + attachmentCredits * picks.length;
  return { cost, affordable: isAffordable(creditsRemaining, pricing, cost ?? 0), creditsRemaining, models: picks.length };
}

export interface AskFormProps {
  /** The form's accessible name. */
  label: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** The engine and model pickers, or the comparison's checklist. */
  models: ReactNode;
  aiOverview: { shown: boolean; value: AiOverviewParams; onChange(next: AiOverviewParams): void };
  settings: SearchSettingsProps;
  draft: QueryDraft;
  price: ReturnType<typeof useRequestPrice>;
  box: Pick<QueryBoxProps, 'loading' | 'canSubmit' | 'error' | 'submitLabel' | 'testIds'>;
}

/** The form both home views share: which models, the AI Overview options when asked, the extras, and the question. */
export function AskForm({ label, onSubmit, models, aiOverview, settings, draft, price, box }: AskFormProps) {
  return (
    <Paper component="form" withBorder p="md" onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        {models}
        {aiOverview.shown && (
          <Suspense fallback={null}>
            <AiOverviewSettings value={aiOverview.value} onChange={aiOverview.onChange} />
          </Suspense>
        )}
        <SearchSettings {...settings} submitLabel={box.submitLabel} />
        <Suspense fallback={null}>
          <AttachmentPicker files={draft.attachments} onChange={draft.setAttachments} testId="ask-attachments" />
        </Suspense>
        <QueryBox {...box} {...price} query={draft.query} onQueryChange={draft.change} inputRef={draft.inputRef} />
      </Stack>
    </Paper>
  );
}
