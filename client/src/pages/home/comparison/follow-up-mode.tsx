import { NativeSelect, Stack, Text } from '@mantine/core';
import type { ModelPair } from '../../../../../contract/ask.ts';
import { SegmentedChoice } from '../../../components/segmented-choice/segmented-choice.tsx';
import type { ContinueChoice } from './continue-choice.ts';
import { selectionKey } from './model-selection.ts';

type ModeValue = 'independent' | ContinueChoice['mode'];

const MODES: { value: ModeValue; label: string }[] = [
  { value: 'independent', label: 'Independent' },
  { value: 'carry', label: 'Carry answer' },
  { value: 'fork', label: 'One model' },
];

export interface AnsweredModel {
  pair: ModelPair;
  /** "OpenAI - GPT-4o mini". */
  name: string;
}

interface FollowUpModeProps {
  /** Null: every model continues its own conversation. */
  choice: ContinueChoice | null;
  /** The models that answered, whose answer can be carried or who can go on alone. */
  answered: readonly AnsweredModel[];
  onChange(choice: ContinueChoice | null): void;
}

/**
 * How a comparison's follow-up continues: each model with its own answers (the default), every model given one
 * model's answer, or one model going on alone. A column's actions choose the last two with that column's model.
 */
export function FollowUpMode({ choice, answered, onChange }: FollowUpModeProps) {
  const chosen = choice && answered.find((candidate) => selectionKey(candidate.pair) === selectionKey(choice.model));
  const mode: ModeValue = chosen ? choice.mode : 'independent';
  const setMode = (next: ModeValue) => {
    const model = chosen?.pair ?? answered[0]?.pair;
    onChange(next === 'independent' || !model ? null : { mode: next, model });
  };
  return (
    <Stack gap={6} mb="sm" data-testid="follow-up-mode" data-mode={mode}>
      <SegmentedChoice<ModeValue> data={MODES} value={mode} onChange={setMode} aria-label="How the follow-up continues" />
      {chosen && (
        <NativeSelect
          size="xs"
          label={mode === 'carry' ? 'Whose answer every model is given' : 'The model that goes on alone'}
          value={selectionKey(chosen.pair)}
          data={answered.map((candidate) => ({ value: selectionKey(candidate.pair), label: candidate.name }))}
          onChange={(event) => {
            const picked = answered.find((candidate) => selectionKey(candidate.pair) === event.currentTarget.value);
            if (picked) onChange({ mode: choice.mode, model: picked.pair });
          }}
          data-testid="follow-up-mode-model"
        />
      )}
      <Text size="xs" c="dimmed" data-testid="follow-up-mode-note">
        {!chosen
          ? 'Each model continues its own conversation.'
          : mode === 'carry'
            ? `Every model is given ${chosen.name}'s answer as the reply to your last question.`
            : `${chosen.name} goes on alone with its side of the conversation, in the single view.`}
      </Text>
    </Stack>
  );
}
