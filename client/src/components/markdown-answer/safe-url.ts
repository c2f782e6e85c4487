/** The link allow-list is shared with the worker, which applies it to every source a provider cites. */
export { filterUrl } from '../../../../contract/safe-url.ts';
