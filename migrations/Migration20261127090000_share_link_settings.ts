import { Migration } from '@mikro-orm/migrations';

/**
 * What an owner can set on a shared link: when it stops working (`expires_at`; null is never), a passphrase the
 * reader must give (`passphrase_hash`, argon2id as account passwords; null is open), and whether it shows the
 * request as it is now or as it was when frozen (`snapshot`, the public view as JSON; null is live).
 */
export class Migration20261127090000_share_link_settings extends Migration {
  override up(): void {
    this.addSql(`alter table shared_links add column expires_at timestamptz null, add column passphrase_hash text null, add column snapshot jsonb null`);
  }

  override down(): void {
    this.addSql(`alter table shared_links drop column if exists expires_at, drop column if exists passphrase_hash, drop column if exists snapshot`);
  }
}
