/**
 * Text: storable text, CSV cells and email addresses in one spelling.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { csvRow, type CsvValue } from './csv-writer.ts';
export { normaliseEmail } from './email-address.ts';
export { hasUnstorableText, storableText, StorableTextStream } from './storable-text.ts';
