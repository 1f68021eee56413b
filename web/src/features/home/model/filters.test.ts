import { describe, expect, it } from 'vitest';
import { LIST_LIMIT, NO_FILTERS, isFiltered, listQuery } from './filters';

describe('home list query', () => {
  it('asks for every mould when nothing is filtered', () => {
    expect(listQuery(NO_FILTERS)).toEqual({
      limit: LIST_LIMIT,
      search: undefined,
      company: undefined,
      group: undefined,
      customer: undefined,
      country: undefined,
      favourite: undefined,
    });
    expect(isFiltered(NO_FILTERS)).toBe(false);
  });

  it('sends each filter set, the search trimmed and favourites as 1', () => {
    const filters = { search: '  bumper ', company: 3, group: 7, customer: 'Acme', country: 'Brazil', favourite: true };
    expect(listQuery(filters)).toEqual({
      limit: LIST_LIMIT,
      search: 'bumper',
      company: 3,
      group: 7,
      customer: 'Acme',
      country: 'Brazil',
      favourite: 1,
    });
    expect(isFiltered(filters)).toBe(true);
  });

  it('leaves out a search of spaces only', () => {
    expect(listQuery({ ...NO_FILTERS, search: '   ' }).search).toBeUndefined();
    expect(isFiltered({ ...NO_FILTERS, search: '   ' })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, country: 'China' })).toBe(true);
  });
});
