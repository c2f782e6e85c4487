import { useState } from 'react';
import { DEFAULT_ALERT_THRESHOLD, TRACKING_LIMITS, type TrackingCadence, type TrackingSetBody } from '../../../../contract/tracking.ts';
import { DEFAULT_AI_OVERVIEW_PARAMS, type AiOverviewParams } from '../../components/ai-overview-settings/ai-overview-params.ts';
import { promptLines } from './tracking-format.ts';

const AI_OVERVIEW_ENGINE = 'ai-overview';

/** A picked model's `engine/model` value as the pair the server takes. */
const toChoice = (value: string) => {
  const slash = value.indexOf('/');
  return { engine: value.slice(0, slash), model: value.slice(slash + 1) };
};

/** What the new prompt set form holds as it is filled in, what it adds up to, and the body it saves. */
export function useTrackingSetDraft() {
  const [name, setName] = useState('');
  const [brandName, setBrandName] = useState('');
  const [competitors, setCompetitors] = useState<string[]>([]);
  const [promptText, setPromptText] = useState('');
  const [models, setModels] = useState<string[]>([]);
  const [cadence, setCadence] = useState<TrackingCadence>('weekly');
  const [threshold, setThreshold] = useState<number | string>(DEFAULT_ALERT_THRESHOLD);
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
    alertThreshold: Number(threshold) || DEFAULT_ALERT_THRESHOLD,
    ...(usesAiOverview ? { aiOverviewParams: aiOverview } : {}),
  });

  return {
    fields: { name, setName, brandName, setBrandName, competitors, setCompetitors, promptText, setPromptText, models, setModels },
    schedule: { cadence, setCadence, threshold, setThreshold },
    aiOverview: { value: aiOverview, onChange: setAiOverview, shown: usesAiOverview },
    prompts,
    choices,
    tooManyPrompts,
    ready,
    body,
  };
}

export type TrackingSetDraft = ReturnType<typeof useTrackingSetDraft>;
