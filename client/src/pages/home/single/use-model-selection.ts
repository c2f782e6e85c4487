import { useEffect, useMemo, useState } from 'react';
import type { Tier } from '../../../api/auth-api.ts';
import type { Catalogue } from '../../../api/catalogue-api.ts';
import type { ModelChoice } from '../../../catalogue/model-access.ts';
import { allowedSelection, defaultSelection, findModel, type ModelSelection } from './model-selection.ts';

/** The single view's engine and model, kept to one the tier may use, with the catalogue's entry for it. */
export function useModelSelection(catalogue: Catalogue | null | undefined, tier: Tier) {
  const [selection, setSelection] = useState<ModelSelection>(() => defaultSelection(tier));

  // A model the tier may not use is swapped for the first allowed one (e.g. after signing out).
  useEffect(() => {
    if (!catalogue) return;
    const allowed = allowedSelection(catalogue, selection, tier);
    if (allowed.engine !== selection.engine || allowed.model !== selection.model) setSelection(allowed);
  }, [catalogue, selection, tier]);

  const choice = useMemo<ModelChoice[]>(() => {
    const model = catalogue ? findModel(catalogue, selection) : undefined;
    return model ? [{ engine: selection.engine, model }] : [];
  }, [catalogue, selection]);

  return { selection, setSelection, choice };
}
