import { storageKeys } from '../storage/local-storage.ts';
import { storedPreference } from './stored-preference.ts';

/**
 * Whether answers show their figures (timings, tokens, speed, the comparison's economics line). One preference for
 * the whole app, kept in the browser; shown unless the person turned them off.
 */
const showFigures = storedPreference(storageKeys.showFigures, (stored) => stored !== false);

export const setShowFigures = showFigures.set;
export const useShowFigures = showFigures.use;
