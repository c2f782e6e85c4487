import { useState } from 'react';
import { SAMPLES_PER_CELL, TRACKING_LIMITS, type TrackingCadence, type TrackingSetBody } from '../../../../contract/tracking.ts';
import { DEFAULT_AI_OVERVIEW_PARAMS, type AiOverviewParams } from '../../components/ai-overview-settings/ai-overview-params.ts';
import { promptLines } from './tracking-format.ts';

const AI_OVERVIEW_ENGINE = 'ai-overview';

/** A picked model's `engine/model` value as the pair the server takes. */
const toChoice = (value: string) => {
  const slash = value.indexOf('/');
  return { engine: value.slice(0, slash), model: value.slice(slash + 1) };
};

/** The field's value as a whole number of samples within the allowed range (an emptied field counts the default). */
function samplesPerCell(value: number | string): number {
  const samples = Math.round(Number(value)) || SAMPLES_PER_CELL.default;
  return Math.min(SAMPLES_PER_CELL.maximum, Math.max(SAMPLES_PER_CELL.minimum, samples));
}

/** What the new prompt set form holds as it is filled in, what it adds up to, and the body it saves. */
export function useTrackingSetDraft() {
  const [name, setName] = useState('');
  const [brandName, setBrandName] = useState('');
  const [competitors, setCompetitors] = useState<string[]>([]);
  const [promptText, setPromptText] = useState('');
  const [models, setModels] = useState<string[]>([]);
  const [cadence, setCadence] = useState<TrackingCadence>('weekly');
  const [samples, setSamples] = useState<number | string>(SAMPLES_PER_CELL.default);
  const [aiOverview, setAiOverview] = useState<AiOverviewParams>(DEFAULT_AI_OVERVIEW_PARAMS);

  const prompts = promptLines(promptText);
  const choices = models.map(toChoice);
  const tooManyPrompts = prompts.length > TRACKING_LIMITS.prompts;
  const usesAiOverview = choices.some((choice) => choice.engine === AI_OVERVIEW_ENGINE);
  const ready = name.trim() !== '' && brandName.trim() !== '' && prompts.length > 0 && !tooManyPrompts && choices.length > 0;

  const body = (): TrackingSetBody => ({
    name: name.trim(),
    brand: { brandName: brandName.trim(), competitors },
    prompts,
    models: choices,
    cadence,
    samplesPerCell: samplesPerCell(samples),
    ...(usesAiOverview ? { aiOverviewParams: aiOverview } : {}),
  });

  return {
    fields: { name, setName, brandName, setBrandName, competitors, setCompetitors, promptText, setPromptText, models, setModels },
    schedule: { cadence, setCadence, samples, setSamples, samplesPerCell: samplesPerCell(samples) },
    aiOverview: { value: aiOverview, onChange: setAiOverview, shown: usesAiOverview },
    prompts,
    choices,
    tooManyPrompts,
    ready,
    body,
  };
}

export type TrackingSetDraft = ReturnType<typeof useTrackingSetDraft>;
