import { Migration } from '@mikro-orm/migrations';

/**
 * Credits an operator adds by hand (`npm run credits:grant`), and the demo button's credits, are ledger entries of
 * their own kind, `operator_grant`, so they are never mistaken for the one-time welcome `grant` (of which an account
 * has at most one). Each says who added it (`granted_by`: the operator's name, or `demo`) and why (`reason`), and the
 * database refuses one without either. Like every entry it has a unique reference, so a grant given with a reference
 * of the operator's choosing is given once.
 */
export class Migration20261129100000_operator_grants extends Migration {
  override up(): void {
    this.addSql(`alter table credit_entries add column granted_by varchar(100) null, add column reason varchar(500) null`);
    this.addSql(`alter table credit_entries drop constraint credit_entries_kind_check`);
    this.addSql(`alter table credit_entries drop constraint credit_entries_check`);
    this.addSql(
      `alter table credit_entries add constraint credit_entries_kind_check check (kind in ('grant', 'purchase', 'charge', 'refund', 'reversal', 'adjustment', 'operator_grant'))`,
    );
    this.addSql(`
      alter table credit_entries add constraint credit_entries_check check (
        (kind in ('grant', 'purchase', 'refund', 'operator_grant') and amount > 0) or (kind in ('charge', 'reversal') and amount < 0) or kind = 'adjustment'
      )`);
    // Who and why, on an operator's grant and only there.
    this.addSql(`
      alter table credit_entries add constraint credit_entries_operator_grant_check check (
        (kind = 'operator_grant') = (granted_by is not null and reason is not null)
        and (granted_by is null or length(trim(granted_by)) > 0)
        and (reason is null or length(trim(reason)) > 0)
      )`);
  }

  override down(): void {
    // The credits stay where they are: the entries become adjustments, so every balance still adds up.
    this.addSql(`alter table credit_entries drop constraint credit_entries_operator_grant_check`);
    this.addSql(`update credit_entries set kind = 'adjustment' where kind = 'operator_grant'`);
    this.addSql(`alter table credit_entries drop constraint credit_entries_kind_check`);
    this.addSql(`alter table credit_entries drop constraint credit_entries_check`);
    this.addSql(`alter table credit_entries add constraint credit_entries_kind_check check (kind in ('grant', 'purchase', 'charge', 'refund', 'reversal', 'adjustment'))`);
    this.addSql(`
      alter table credit_entries add constraint credit_entries_check check (
        (kind in ('grant', 'purchase', 'refund') and amount > 0) or (kind in ('charge', 'reversal') and amount < 0) or kind = 'adjustment'
      )`);
    this.addSql(`alter table credit_entries drop column granted_by, drop column reason`);
  }
}
