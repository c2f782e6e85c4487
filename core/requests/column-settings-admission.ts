import type { EntityManager } from '@mikro-orm/postgresql';
import type { ColumnSettings, StoredColumnSettings } from '../../contract/column-settings.ts';
import { columnSettingsProblem, normaliseColumnSettings } from '../../contract/column-settings-rules.ts';
import type { CatalogueModel } from '../catalogue/index.ts';
import { AppError } from '../errors/index.ts';
import { conversationKey } from './follow-up-thread.ts';

/**
 * A model's own settings at admission: checked against what the catalogue says the model accepts (a refusal names the
 * model, before anything is held or written), and carried over from the earlier turn when a follow-up or a retry
 * leaves them out, so a column keeps being asked the way its person set it.
 */

/** The settings as they will be stored, or a VALIDATION_ERROR naming the model; undefined when none were sent. */
export function checkedColumnSettings(model: CatalogueModel, settings: ColumnSettings | undefined): StoredColumnSettings | null | undefined {
  if (settings === undefined) return undefined;
  const problem = columnSettingsProblem(model.name, model.capabilities, settings);
  if (problem) throw new AppError('VALIDATION_ERROR', problem);
  return normaliseColumnSettings(settings);
}

/**
 * The settings each model was last asked with in a request, its retries included (the newest run of each model
 * wins), keyed by `conversationKey`. The caller has already checked the request is the asker's own.
 */
export async function settingsAskedWith(em: EntityManager, requestId: string): Promise<Map<string, StoredColumnSettings | null>> {
  const rows = await em.execute<{ engine: string; model: string; settings: StoredColumnSettings | null }[]>(
    `select distinct on (run.engine, run.model) run.engine, run.model, run.settings
       from model_runs run join search_requests asked on asked.id = run.request_id
      where asked.id = ? or asked.retry_of = ?
      order by run.engine, run.model, run.created_at desc`,
    [requestId, requestId],
  );
  return new Map(rows.map((row) => [conversationKey(row.engine, row.model), row.settings]));
}
