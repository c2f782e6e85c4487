import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreditEntryKind, CreditHistory } from '../../contract/credit-history.ts';
import { DEMO_GRANTOR } from './credit-grant-input.ts';

interface EntryRow {
  id: string;
  kind: CreditEntryKind;
  amount: string;
  created_at: Date;
  reason: string | null;
  granted_by: string | null;
  engine: string | null;
  model: string | null;
}

/**
 * A person's history of credits, newest first, a page at a time (`before` is the last entry of the page before):
 * every ledger entry of their account, a charge with the model that answered (when its request still exists), an
 * operator's grant with its reason. Who granted stays in the ledger for the operators; the person sees only whether
 * it was the demo button.
 */
export async function creditHistoryOf(em: EntityManager, userId: string, page: { limit: number; before?: string | undefined }): Promise<CreditHistory> {
  const after = page.before
    ? `and (entry.created_at, entry.id) < (select earlier.created_at, earlier.id from credit_entries earlier where earlier.id = ?)`
    : '';
  // A charge's reference is `charge:<run id>`; the cast runs for charges only.
  const rows = await em.execute<EntryRow[]>(
    `select entry.id, entry.kind, entry.amount, entry.created_at, entry.reason, entry.granted_by, run.engine, run.model
       from credit_entries entry
       join credit_accounts account on account.id = entry.account_id
       left join model_runs run on run.id = (case when entry.kind = 'charge' then substr(entry.reference, 8)::uuid end)
      where account.user_id = ? ${after}
      order by entry.created_at desc, entry.id desc
      limit ?`,
    [userId, ...(page.before ? [page.before] : []), page.limit + 1],
  );
  return {
    entries: rows.slice(0, page.limit).map((row) => ({
      id: row.id,
      kind: row.kind,
      credits: Number(row.amount),
      createdAt: new Date(row.created_at).toISOString(),
      reason: row.kind === 'operator_grant' ? row.reason : null,
      demo: row.kind === 'operator_grant' && row.granted_by === DEMO_GRANTOR,
      model: row.engine && row.model ? { engine: row.engine, model: row.model } : null,
    })),
    hasMore: rows.length > page.limit,
  };
}
