import { useEffect, useRef, useState } from 'react';
import type { RecentBrand } from '../../../../contract/brand.ts';
import { CANARY_LIMITS, DEFAULT_CANARY_PROMPTS, SAMPLES_PER_CELL, TRACKING_LIMITS, type TrackingCadence, type TrackingSet, type TrackingSetBody } from '../../../../contract/tracking.ts';
import { DEFAULT_AI_OVERVIEW_PARAMS, type AiOverviewParams } from '../../components/ai-overview-settings/ai-overview-params.ts';
import { promptLines } from './tracking-format.ts';
import type { BrandFact } from '../../../../contract/brand-facts.ts';
import { factSheetProblem } from '../../components/fact-sheet/fact-sheet-text.ts';

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

/**
 * What the prompt set form holds as it is filled in, what it adds up to, and the body it saves. Editing starts from
 * the set as saved (`initial`); a new set starts from the person's most recently used brand configuration
 * (`savedBrand`), filled in when it arrives unless they have started typing a brand of their own.
 */
export function useTrackingSetDraft(initial: TrackingSet | null = null, savedBrand: RecentBrand | null = null) {
  const [name, setName] = useState(initial?.name ?? '');
  const [brandName, setBrandName] = useState(initial?.brand.brandName ?? '');
  const [websiteUrl, setWebsiteUrl] = useState(initial?.brand.websiteUrl ?? '');
  const [keywords, setKeywords] = useState<string[]>(initial?.brand.keywords ?? []);
  const [competitors, setCompetitors] = useState<string[]>(initial?.brand.competitors ?? []);
  const [facts, setFacts] = useState<BrandFact[]>(initial?.brand.facts ?? []);
  const [promptText, setPromptText] = useState(initial?.prompts.join('\n') ?? '');
  const [models, setModels] = useState<string[]>(initial?.models.map(({ engine, model }) => `${engine}/${model}`) ?? []);
  const [cadence, setCadence] = useState<TrackingCadence>(initial?.cadence ?? 'weekly');
  const [samples, setSamples] = useState<number | string>(initial?.samplesPerCell ?? SAMPLES_PER_CELL.default);
  const [aiOverview, setAiOverview] = useState<AiOverviewParams>(initial?.aiOverviewParams ?? DEFAULT_AI_OVERVIEW_PARAMS);
  const [canaryText, setCanaryText] = useState(initial?.canaryPrompts?.join('\n') ?? '');
  const [temperatures, setTemperatures] = useState<Record<string, number | string>>(() =>
    Object.fromEntries((initial?.models ?? []).flatMap((choice) => (typeof choice.temperature === 'number' ? [[`${choice.engine}/${choice.model}`, choice.temperature]] : []))),
  );

  const prefilled = useRef(initial !== null);
  useEffect(() => {
    if (prefilled.current || !savedBrand || brandName.trim() !== '') return;
    prefilled.current = true;
    setBrandName(savedBrand.brandName);
    setWebsiteUrl(savedBrand.websiteUrl ?? '');
    setKeywords(savedBrand.keywords);
    setCompetitors(savedBrand.competitors);
  }, [savedBrand, brandName]);

  const prompts = promptLines(promptText);
  const canaryPrompts = promptLines(canaryText);
  const tooManyCanaries = canaryPrompts.length > CANARY_LIMITS.prompts;
  // Switching canaries on offers everyday questions to start from; switching off clears them.
  const setCanariesOn = (on: boolean) => setCanaryText(on ? DEFAULT_CANARY_PROMPTS.join('\n') : '');
  // A fixed temperature belongs to its model: it goes with the model's choice, and a blank field is the model's default.
  const fixedTemperature = (value: string): number | undefined => {
    const field = temperatures[value];
    return field === undefined || field === '' || !Number.isFinite(Number(field)) ? undefined : Number(field);
  };
  const choices = models.map((value) => {
    const temperature = fixedTemperature(value);
    return { ...toChoice(value), ...(temperature === undefined ? {} : { temperature }) };
  });
  const tooManyPrompts = prompts.length > TRACKING_LIMITS.prompts;
  const usesAiOverview = choices.some((choice) => choice.engine === AI_OVERVIEW_ENGINE);
  const ready = name.trim() !== '' && brandName.trim() !== '' && prompts.length > 0 && !tooManyPrompts && !tooManyCanaries && choices.length > 0 && factSheetProblem(facts) === null;

  const body = (): TrackingSetBody => ({
    name: name.trim(),
    brand: { brandName: brandName.trim(), competitors, keywords, ...(websiteUrl.trim() ? { websiteUrl: websiteUrl.trim() } : {}), ...(facts.length > 0 ? { facts } : {}) },
    prompts,
    models: choices,
    cadence,
    samplesPerCell: samplesPerCell(samples),
    canaryPrompts,
    ...(usesAiOverview ? { aiOverviewParams: aiOverview } : {}),
  });

  return {
    fields: { name, setName, brandName, setBrandName, websiteUrl, setWebsiteUrl, keywords, setKeywords, competitors, setCompetitors, facts, setFacts, promptText, setPromptText, models, setModels },
    /** Whether the brand fields came from the person's saved configuration (the form says so). */
    fromSavedBrand: initial === null && savedBrand !== null && brandName === savedBrand.brandName,
    schedule: { cadence, setCadence, samples, setSamples, samplesPerCell: samplesPerCell(samples) },
    canary: { text: canaryText, setText: setCanaryText, on: canaryText.trim() !== '', setOn: setCanariesOn, prompts: canaryPrompts, tooMany: tooManyCanaries },
    aiOverview: { value: aiOverview, onChange: setAiOverview, shown: usesAiOverview },
    /** Each picked model's fixed temperature field, keyed `engine/model`; blank or absent: the model's default. */
    temperatures: {
      values: temperatures,
      set: (model: string, value: number | string) => setTemperatures((current) => ({ ...current, [model]: value })),
      clear: () => setTemperatures({}),
    },
    prompts,
    choices,
    tooManyPrompts,
    ready,
    body,
  };
}

export type TrackingSetDraft = ReturnType<typeof useTrackingSetDraft>;
