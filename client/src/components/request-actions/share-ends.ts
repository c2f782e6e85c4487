import { SHARE_PASSPHRASE_LENGTH, type ShareSettingsBody } from '../../../../contract/shares.ts';

/** When a link may end, as the Share dialog and a link's settings offer it (the API takes any 1–365 days, or never). */
export const SHARE_END_CHOICES = [
  { value: '1', label: 'In 1 day' },
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In 1 year' },
  { value: 'never', label: 'Never' },
];

/** A new link ends in a month unless the person picks another end: never only when they choose it. */
export const DEFAULT_SHARE_END = '30';

export const expiresInDaysOf = (choice: string): NonNullable<ShareSettingsBody['expiresInDays']> => (choice === 'never' ? 'never' : Number(choice));

/** What is wrong with a passphrase as typed; null when it may be used (an empty one means none). */
export const passphraseProblem = (passphrase: string): string | null =>
  passphrase !== '' && passphrase.length < SHARE_PASSPHRASE_LENGTH.min ? `At least ${SHARE_PASSPHRASE_LENGTH.min} characters` : null;
