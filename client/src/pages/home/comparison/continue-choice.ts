import { createContext, use } from 'react';
import type { ModelPair } from '../../../../../contract/ask.ts';

/** A follow-up that does not give each model its own answers: one answer carried to all, or one model alone. */
export interface ContinueChoice {
  mode: 'carry' | 'fork';
  model: ModelPair;
}

/** What a column's actions can choose for the next follow-up, while one can be asked. */
export interface ContinueChoiceActions {
  choose(choice: ContinueChoice): void;
}

export const ContinueChoiceContext = createContext<ContinueChoiceActions | null>(null);

/** Null outside a comparison, or while a follow-up cannot be asked. */
export const useContinueChoice = (): ContinueChoiceActions | null => use(ContinueChoiceContext);
