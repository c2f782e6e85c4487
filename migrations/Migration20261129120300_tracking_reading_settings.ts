import { Migration } from '@mikro-orm/migrations';

/**
 * How each tracked reading was taken and read: the temperature sent with its question (null: none, the model's
 * default), whether it came with a web search, which analyser made its brand figures, and when it was last
 * re-analysed from its stored answer. A change of how readings are taken starts a new segment on the charts; a
 * change of analyser is marked there. Existing rows are filled from what their answers stored.
 */
export class Migration20261129120300_tracking_reading_settings extends Migration {
  override up(): void {
    this.addSql(`alter table tracking_results add column temperature real, add column web_search boolean not null default false,
                 add column analyser_version text, add column reanalysed_at timestamptz`);
    this.addSql(`update tracking_results as result
                    set temperature = (run.settings ->> 'temperature')::real,
                        web_search = result.surface = 'web-search',
                        analyser_version = case when mention.analyser is null then null
                                                else concat_ws(' ', mention.analyser ->> 'kind', mention.analyser ->> 'version', mention.analyser ->> 'model') end
                   from model_runs as run left join brand_mentions as mention on mention.run_id = run.id
                  where run.id = result.model_run_id`);
  }

  override down(): void {
    this.addSql(`alter table tracking_results drop column temperature, drop column web_search, drop column analyser_version, drop column reanalysed_at`);
  }
}
