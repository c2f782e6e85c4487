import { MENTIONS_MAX_DAYS, MENTIONS_MAX_PAGE_SIZE, type MentionsFilterQuery } from '../../../contract/brand.ts';
import type { MentionsFilter } from '../../../core/brand/index.ts';
import { AppError } from '../../../core/errors/index.ts';

/** The mentions' window without `days`, and a page's size without `pageSize` (the spec's default `limit`). */
export const DEFAULT_WINDOW_DAYS = 30;
export const DEFAULT_PAGE_SIZE = 10;

/**
 * A whole number from the query within [1, maximum], or `fallback` when absent. The schema has already checked the
 * digits; a number outside the range is refused with a message that names the range, never quietly moved into it.
 */
function inRange(value: string | undefined, name: string, fallback: number, maximum: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (number < 1 || number > maximum) throw new AppError('VALIDATION_ERROR', `${name} must be between 1 and ${maximum}`);
  return number;
}

/** An empty text filter (`?model=`) means no filter, as the page sends it when "All" is chosen. */
const given = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);

export function mentionsFilter(query: MentionsFilterQuery): MentionsFilter {
  return {
    brandName: given(query.brandName),
    model: given(query.model),
    sentiment: query.sentiment,
    surface: query.surface,
    search: given(query.search)?.trim(),
    days: inRange(query.days, 'days', DEFAULT_WINDOW_DAYS, MENTIONS_MAX_DAYS),
  };
}

export function mentionsPage(query: { page?: string | undefined; pageSize?: string | undefined; limit?: string | undefined }): { page: number; pageSize: number } {
  if (query.pageSize !== undefined && query.limit !== undefined && query.pageSize !== query.limit) {
    throw new AppError('VALIDATION_ERROR', 'Send pageSize or limit, not both');
  }
  return {
    page: inRange(query.page, 'page', 1, 1_000_000),
    pageSize: inRange(query.pageSize ?? query.limit, query.pageSize === undefined ? 'limit' : 'pageSize', DEFAULT_PAGE_SIZE, MENTIONS_MAX_PAGE_SIZE),
  };
}
