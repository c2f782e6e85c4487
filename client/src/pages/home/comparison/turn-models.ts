import type { ModelPair } from '../../../../../contract/ask.ts';
import type { EarlierTurn } from '../../../requests/conversation.ts';

/** The models an earlier turn was asked of, in the order they were asked (its answers are keyed `engine\0model`). */
export const turnModels = (turn: EarlierTurn): ModelPair[] =>
  [...turn.answers.keys()].map((key) => {
    const [engine = '', model = ''] = key.split('\u0000');
    return { engine, model };
  });
