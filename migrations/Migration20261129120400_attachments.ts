import { Migration } from '@mikro-orm/migrations';

/**
 * Files a person attaches to a question: images (kept as uploaded, sent to the models that read images) and
 * documents (kept with the text read out of them, sent to every model as text). The bytes live in Postgres, so an
 * attachment is backed up, deleted and shared exactly like the request it belongs to: a file is uploaded first
 * (request_id null) and bound to one request when that question is admitted. Deleting the request or the account
 * deletes its files (cascades). `position` keeps the order the person attached them in.
 */
export class Migration20261129120400_attachments extends Migration {
  override up(): void {
    this.addSql(`
      create table attachments (
        id uuid primary key,
        user_id uuid not null references users (id) on delete cascade,
        request_id uuid null references search_requests (id) on delete cascade,
        position smallint not null default 0,
        kind varchar(16) not null check (kind in ('image', 'document')),
        media_type varchar(100) not null,
        name varchar(255) not null check (char_length(name) between 1 and 255),
        byte_size integer not null check (byte_size > 0),
        sha256 char(64) not null,
        width integer null,
        height integer null,
        text_content text null,
        text_chars integer null,
        bytes bytea not null,
        created_at timestamptz not null default now(),
        check ((kind = 'image') = (width is not null and height is not null)),
        check ((kind = 'document') = (text_content is not null and text_chars is not null))
      )`);
    this.addSql(`create index attachments_user_idx on attachments (user_id, created_at)`);
    this.addSql(`create index attachments_request_idx on attachments (request_id, position) where request_id is not null`);
  }

  override down(): void {
    this.addSql(`drop table attachments`);
  }
}
