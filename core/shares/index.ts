/**
 * Shared links and their pages.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export {
  changeShareSettings,
  listShares,
  openShare,
  ownLiveShare,
  revokeShare,
  shareRequest,
  type StoredShare,
} from './share-links.ts';
export { protectedSharePageHead, sharePageHead, sharePageRenderer } from './share-page.ts';
export { sharePreviewPng } from './share-preview-image.ts';
export { sharedView } from './shared-view.ts';
