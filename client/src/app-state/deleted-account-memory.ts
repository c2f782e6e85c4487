import { readStored, storageKeys, writeStored } from '../storage/local-storage.ts';

/**
 * Whether an account was deleted in this browser. Free credits come once per email address, so the person who just
 * deleted theirs would be promised credits their address already had: this browser stops offering them (the sign-up
 * form still says a new address gets them). Kept for good: the page cannot tell which address a later visit uses.
 */
export const rememberAccountDeleted = (): void => writeStored(storageKeys.accountDeletedHere, true);

export const accountDeletedHere = (): boolean => readStored<boolean>(storageKeys.accountDeletedHere) === true;
