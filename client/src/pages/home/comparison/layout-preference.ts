import { layoutPreferenceOf } from './workspace-layout.ts';
import { storageKeys } from '../../../storage/local-storage.ts';
import { storedPreference } from '../../../app-state/stored-preference.ts';

/**
 * How the person likes a comparison's answers laid out, once they chose ("Columns" or "Tabs"); null until then,
 * and the layout is chosen for them from how many answers there are.
 */
const comparisonLayout = storedPreference(storageKeys.comparisonLayout, layoutPreferenceOf);

export const setComparisonLayout = comparisonLayout.set;
export const useComparisonLayoutPreference = comparisonLayout.use;
