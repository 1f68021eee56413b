import type { Query } from '../../../lib/api-client';

/** The mould list's limit (spec §9): the home screen holds every mould of the user. */
export const LIST_LIMIT = 99_999;

/** What the server narrows the home list by; the state tiles narrow it further on screen. */
export interface HomeFilters {
  search: string;
  company?: number;
  group?: number;
  customer?: string;
  country?: string;
  favourite: boolean;
}

export const NO_FILTERS: HomeFilters = { search: '', favourite: false };

/** The query of `GET /api/yudata/mold/more/` for the filters; what is not set is left out. */
export function listQuery(filters: HomeFilters): Query {
  return {
    limit: LIST_LIMIT,
    search: filters.search.trim() || undefined,
    company: filters.company,
    group: filters.group,
    customer: filters.customer,
    country: filters.country,
    favourite: filters.favourite ? 1 : undefined,
  };
}

export function isFiltered(filters: HomeFilters): boolean {
  const { search, favourite, ...choices } = filters;
  return search.trim() !== '' || favourite || Object.values(choices).some((value) => value !== undefined);
}
