import { Migration } from '@mikro-orm/migrations';

/**
 * The support categories become exactly the product's six, each its own id and label: General Inquiry, Technical
 * Issue, Billing Question, Account Problem, Feature Request, Bug Report. Rows filed under the earlier names are
 * moved to their nearest new category ("Other" to General Inquiry), then the check is replaced. Written out rather
 * than imported from the contract, so the migration keeps meaning what it meant when it shipped.
 */
export class Migration20261126120000_support_categories extends Migration {
  override up(): void {
    this.addSql(`alter table support_requests drop constraint if exists support_requests_subject_check`);
    this.addSql(`
      update support_requests set subject = case subject
        when 'General question' then 'General Inquiry'
        when 'Credits & billing' then 'Billing Question'
        when 'Technical problem' then 'Technical Issue'
        when 'Account & sign-in' then 'Account Problem'
        when 'Feature request' then 'Feature Request'
        when 'Other' then 'General Inquiry'
        else subject end`);
    this.addSql(`
      alter table support_requests add constraint support_requests_subject_check
        check (subject in ('General Inquiry', 'Technical Issue', 'Billing Question', 'Account Problem', 'Feature Request', 'Bug Report'))`);
  }

  override down(): void {
    this.addSql(`alter table support_requests drop constraint if exists support_requests_subject_check`);
    this.addSql(`
      update support_requests set subject = case subject
        when 'General Inquiry' then 'General question'
        when 'Billing Question' then 'Credits & billing'
        when 'Technical Issue' then 'Technical problem'
        when 'Account Problem' then 'Account & sign-in'
        when 'Feature Request' then 'Feature request'
        when 'Bug Report' then 'Technical problem'
        else subject end`);
    this.addSql(`
      alter table support_requests add constraint support_requests_subject_check
        check (subject in ('General question', 'Credits & billing', 'Technical problem', 'Account & sign-in', 'Feature request', 'Other'))`);
  }
}
