import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000000_requests_and_runs } from './Migration20261121000000_requests_and_runs.ts';
import { Migration20261121010000_run_sources } from './Migration20261121010000_run_sources.ts';
import { Migration20261121020000_accounts } from './Migration20261121020000_accounts.ts';
import { Migration20261121030000_credit_ledger } from './Migration20261121030000_credit_ledger.ts';
import { Migration20261121040000_request_watchers } from './Migration20261121040000_request_watchers.ts';
import { Migration20261121050000_run_position } from './Migration20261121050000_run_position.ts';
import { Migration20261121060000_request_kind } from './Migration20261121060000_request_kind.ts';
import { Migration20261122090000_support_requests } from './Migration20261122090000_support_requests.ts';
import { Migration20261124010000_brand_mentions } from './Migration20261124010000_brand_mentions.ts';
import { Migration20261125010000_payments } from './Migration20261125010000_payments.ts';
import { Migration20261125020000_api_keys } from './Migration20261125020000_api_keys.ts';
import { Migration20261125040000_tracking } from './Migration20261125040000_tracking.ts';
import { Migration20261125050000_arena } from './Migration20261125050000_arena.ts';
import { Migration20261125051000_shared_links } from './Migration20261125051000_shared_links.ts';
import { Migration20261125060000_follow_ups } from './Migration20261125060000_follow_ups.ts';
import { Migration20261126040000_request_run_counts } from './Migration20261126040000_request_run_counts.ts';
import { Migration20261126110000_account_tokens } from './Migration20261126110000_account_tokens.ts';
import { Migration20261126120000_support_categories } from './Migration20261126120000_support_categories.ts';
import { Migration20261126140000_brand_evidence } from './Migration20261126140000_brand_evidence.ts';
import { Migration20261126170000_tracking_samples } from './Migration20261126170000_tracking_samples.ts';
import { Migration20261127090000_share_link_settings } from './Migration20261127090000_share_link_settings.ts';
import { Migration20261127091000_judge_prompts } from './Migration20261127091000_judge_prompts.ts';
import { Migration20261127110000_model_versions_and_surfaces } from './Migration20261127110000_model_versions_and_surfaces.ts';
import { Migration20261127120000_tracking_request_kind } from './Migration20261127120000_tracking_request_kind.ts';
import { Migration20261127130000_tracking_tables } from './Migration20261127130000_tracking_tables.ts';
import { Migration20261127160000_arena_style_and_integrity } from './Migration20261127160000_arena_style_and_integrity.ts';
import { Migration20261128090000_column_settings_and_token_details } from './Migration20261128090000_column_settings_and_token_details.ts';
import { Migration20261128100000_continue_modes } from './Migration20261128100000_continue_modes.ts';
import { Migration20261128110000_tracking_canaries } from './Migration20261128110000_tracking_canaries.ts';
import { Migration20261128120000_verdict_corrections } from './Migration20261128120000_verdict_corrections.ts';
import { Migration20261129100000_operator_grants } from './Migration20261129100000_operator_grants.ts';
import { Migration20261129120100_brand_fact_checks } from './Migration20261129120100_brand_fact_checks.ts';
import { Migration20261129120600_councils_and_teams } from './Migration20261129120600_councils_and_teams.ts';
import { Migration20261129120700_model_figures_index } from './Migration20261129120700_model_figures_index.ts';
import { Migration20261129120300_tracking_reading_settings } from './Migration20261129120300_tracking_reading_settings.ts';

/**
 * Every migration, oldest first. Listed explicitly (not discovered by glob) so the same list works under tsx, in
 * tests and in the container image, and a forgotten file fails the type-check instead of silently not running.
 */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261121000000_requests_and_runs', class: Migration20261121000000_requests_and_runs },
  { name: 'Migration20261121010000_run_sources', class: Migration20261121010000_run_sources },
  { name: 'Migration20261121020000_accounts', class: Migration20261121020000_accounts },
  { name: 'Migration20261121030000_credit_ledger', class: Migration20261121030000_credit_ledger },
  { name: 'Migration20261121040000_request_watchers', class: Migration20261121040000_request_watchers },
  { name: 'Migration20261121050000_run_position', class: Migration20261121050000_run_position },
  { name: 'Migration20261121060000_request_kind', class: Migration20261121060000_request_kind },
  { name: 'Migration20261122090000_support_requests', class: Migration20261122090000_support_requests },
  { name: 'Migration20261124010000_brand_mentions', class: Migration20261124010000_brand_mentions },
  { name: 'Migration20261125010000_payments', class: Migration20261125010000_payments },
  { name: 'Migration20261125020000_api_keys', class: Migration20261125020000_api_keys },
  { name: 'Migration20261125040000_tracking', class: Migration20261125040000_tracking },
  { name: 'Migration20261125050000_arena', class: Migration20261125050000_arena },
  { name: 'Migration20261125051000_shared_links', class: Migration20261125051000_shared_links },
  { name: 'Migration20261125060000_follow_ups', class: Migration20261125060000_follow_ups },
  { name: 'Migration20261126040000_request_run_counts', class: Migration20261126040000_request_run_counts },
  { name: 'Migration20261126110000_account_tokens', class: Migration20261126110000_account_tokens },
  { name: 'Migration20261126120000_support_categories', class: Migration20261126120000_support_categories },
  { name: 'Migration20261126140000_brand_evidence', class: Migration20261126140000_brand_evidence },
  { name: 'Migration20261126170000_tracking_samples', class: Migration20261126170000_tracking_samples },
  { name: 'Migration20261127090000_share_link_settings', class: Migration20261127090000_share_link_settings },
  { name: 'Migration20261127091000_judge_prompts', class: Migration20261127091000_judge_prompts },
  { name: 'Migration20261127110000_model_versions_and_surfaces', class: Migration20261127110000_model_versions_and_surfaces },
  { name: 'Migration20261127120000_tracking_request_kind', class: Migration20261127120000_tracking_request_kind },
  { name: 'Migration20261127130000_tracking_tables', class: Migration20261127130000_tracking_tables },
  { name: 'Migration20261127160000_arena_style_and_integrity', class: Migration20261127160000_arena_style_and_integrity },
  { name: 'Migration20261128090000_column_settings_and_token_details', class: Migration20261128090000_column_settings_and_token_details },
  { name: 'Migration20261128100000_continue_modes', class: Migration20261128100000_continue_modes },
  { name: 'Migration20261128110000_tracking_canaries', class: Migration20261128110000_tracking_canaries },
  { name: 'Migration20261128120000_verdict_corrections', class: Migration20261128120000_verdict_corrections },
  { name: 'Migration20261129100000_operator_grants', class: Migration20261129100000_operator_grants },
  { name: 'Migration20261129120100_brand_fact_checks', class: Migration20261129120100_brand_fact_checks },
  { name: 'Migration20261129120600_councils_and_teams', class: Migration20261129120600_councils_and_teams },
  { name: 'Migration20261129120700_model_figures_index', class: Migration20261129120700_model_figures_index },
  { name: 'Migration20261129120300_tracking_reading_settings', class: Migration20261129120300_tracking_reading_settings },
];
