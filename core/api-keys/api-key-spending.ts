import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../errors/index.ts';

/**
 * What a key has spent this calendar month (UTC): credits charged, plus credits on hold for answers still running,
 * so two calls at once cannot both slip under the cap. Read inside the admission transaction, after the payer's
 * credit account is locked: every admission for the key's owner waits there, so the figure cannot change under it.
 */
export async function creditsSpentThisMonth(em: EntityManager, apiKeyId: string): Promise<number> {
  const rows = await em.execute<{ spent: string | null }[]>(
    `select coalesce(sum(hold.amount), 0) as spent
       from search_requests as request
       join model_runs as run on run.request_id = request.id
       join credit_holds as hold on hold.run_id = run.id
      where request.api_key_id = ?
        and request.created_at >= date_trunc('month', now() at time zone 'utc') at time zone 'utc'
        and hold.status in ('held', 'captured')`,
    [apiKeyId],
  );
  return Number(rows[0]?.spent ?? 0);
}

/** A key with a monthly cap may not start answers that would take this month's spending past it. */
export async function refuseOverMonthlyCap(em: EntityManager, apiKeyId: string, cap: number, credits: number): Promise<void> {
  if ((await creditsSpentThisMonth(em, apiKeyId)) + credits > cap) throw new AppError('API_KEY_CREDIT_CAP');
}
