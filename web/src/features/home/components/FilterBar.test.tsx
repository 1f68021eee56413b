import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { FilterOptions } from '@mouldwatch/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILTER_OPTIONS_KEY } from '../api/getFilterOptions';
import { NO_FILTERS, type HomeFilters } from '../model/filters';
import { FilterBar } from './FilterBar';

// There is no server here: a call would fail, and its error toast would be drawn after the test
// file's window is gone (an unhandled error in the run). The bar has its choices already, and asks
// for nothing.
const NO_CHOICES: FilterOptions = { companies: [], groups: [], customers: [], countries: [], states: [] };
beforeEach(() => {
  vi.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  cleanup();
  const calls = vi.mocked(globalThis.fetch).mock.calls.length;
  vi.restoreAllMocks();
  expect(calls, 'calls to the server').toBe(0);
});

/** The filter bar over filters kept as home keeps them; every search it asked for, in order. */
function renderBar() {
  const searches: string[] = [];
  function Home() {
    const [filters, setFilters] = useState<HomeFilters>(NO_FILTERS);
    return (
      <FilterBar
        filters={filters}
        onChange={(next) => {
          if (next.search !== filters.search) searches.push(next.search);
          setFilters(next);
        }}
        view="cards"
        onViewChange={() => undefined}
        reorder={{ on: false, ready: false, onChange: () => undefined }}
        shown={0}
        total={0}
        numbers={new Intl.NumberFormat('en')}
      />
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(FILTER_OPTIONS_KEY, NO_CHOICES);
  render(
    <QueryClientProvider client={client}>
      <Home />
    </QueryClientProvider>,
  );
  return searches;
}

const searchBox = () => screen.getByTestId('home-search') as HTMLInputElement;
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('FilterBar', () => {
  it('searches once typing pauses', async () => {
    const searches = renderBar();
    fireEvent.change(searchBox(), { target: { value: 'MN-004' } });
    expect(searches).toEqual([]);
    await waitFor(() => expect(searches).toEqual(['MN-004']));
    expect(searchBox().value).toBe('MN-004');
  });

  it('clears the search with Clear filters, and the text searched for does not come back', async () => {
    const searches = renderBar();
    fireEvent.change(searchBox(), { target: { value: 'MN-004' } });
    await waitFor(() => expect(searches).toEqual(['MN-004']));
    fireEvent.click(screen.getByTestId('filter-clear'));
    expect(searchBox().value).toBe('');
    await pause(700);
    expect(searches).toEqual(['MN-004', '']);
    expect(searchBox().value).toBe('');
    expect(screen.queryByTestId('filter-clear')).toBeNull();
  });

  it('drops a text typed but not yet searched for when the filters are cleared', async () => {
    const searches = renderBar();
    fireEvent.click(screen.getByTestId('filter-favourite'));
    fireEvent.change(searchBox(), { target: { value: 'MN-0' } });
    fireEvent.click(screen.getByTestId('filter-clear'));
    await pause(700);
    expect(searches).toEqual([]);
    expect(searchBox().value).toBe('');
  });
});
