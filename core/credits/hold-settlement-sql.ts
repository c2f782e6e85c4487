/**
 * The ledger's half of the statement that ends a run. A run's ending is one round trip: the run's row, its hold and
 * the payer's account change in one SQL statement, so no crash can leave an answer stored but uncharged, or a hold
 * released twice. The run's side (`core/runs/run-lifecycle.ts`) writes a CTE named `ended` with the run's `id`; these
 * CTEs follow it and are the only SQL outside `credit-ledger.ts` that writes holds, charges and balances. Both end with
 * a CTE named `account` that returns what the payer can still spend, as `remaining`.
 */

/** Captures the run's hold as a charge: the hold becomes a `charge` entry and leaves the balance. One parameter: the entry's id. */
export const CAPTURE_HOLD_CTES = `captured as (
         update credit_holds as hold set status = 'captured', resolved_at = now()
           from ended where hold.run_id = ended.id and hold.status = 'held'
         returning hold.account_id, hold.amount, hold.run_id
       ), charge as (
         insert into credit_entries (id, account_id, kind, amount, reference)
         select ?, account_id, 'charge', -amount, 'charge:' || run_id from captured
       ), account as (
         update credit_accounts as account set balance = account.balance - captured.amount, held = account.held - captured.amount
           from captured where account.id = captured.account_id
         returning account.balance - account.held as remaining
       )`;

/** Releases the run's hold: a failed or cancelled answer costs nothing. No parameters. */
export const RELEASE_HOLD_CTES = `released as (
       update credit_holds as hold set status = 'released', resolved_at = now()
         from ended where hold.run_id = ended.id and hold.status = 'held'
       returning hold.account_id, hold.amount
     ), account as (
       update credit_accounts as account set held = account.held - released.amount
         from released where account.id = released.account_id
       returning account.balance - account.held as remaining
     )`;

/** What the run's answer is charged: the amount its hold still holds (0 when there is none), locked for the capture. */
export const HELD_AMOUNT_OF_RUN = `coalesce((select hold.amount from credit_holds as hold
                                             where hold.run_id = run.id and hold.status = 'held' for update), 0)`;
