import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageOf, usePagedList, type Page, type PageRequest } from './usePagedList';

afterEach(cleanup);

interface Filters {
  companyId: number | null;
}

/** A server of `count` rows named 1..count, paged as the API pages. */
function listOf(count: () => number) {
  return vi.fn((request: PageRequest & Filters): Promise<Page<number>> => {
    const rows = Array.from({ length: count() }, (_, index) => index + 1);
    const start = (request.page - 1) * request.limit;
    return Promise.resolve({ items: rows.slice(start, start + request.limit), total: rows.length });
  });
}

function setup(fetchPage: ReturnType<typeof listOf>, initial: Filters = { companyId: null }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook((filters: Filters) => usePagedList(['rows'], fetchPage, filters), {
    wrapper,
    initialProps: initial,
  });
}

describe('usePagedList', () => {
  it('asks for page 1 of 20, then the page and size the user picks', async () => {
    const fetchPage = listOf(() => 45);
    const { result } = setup(fetchPage);
    await waitFor(() => expect(result.current.query.data?.total).toBe(45));
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, limit: 20, search: '', companyId: null }, expect.anything());
    act(() => result.current.setPage(3, 20));
    await waitFor(() => expect(result.current.query.data?.items).toEqual([41, 42, 43, 44, 45]));
    act(() => result.current.setPage(3, 50));
    expect(result.current.request).toMatchObject({ page: 1, limit: 50 });
  });

  it('starts again at page 1 on a new search or filter, never asking the old page with them', async () => {
    const fetchPage = listOf(() => 45);
    const { result, rerender } = setup(fetchPage);
    act(() => result.current.setPage(2, 20));
    act(() => result.current.setSearch('  press  '));
    expect(result.current.request).toEqual({ page: 1, limit: 20, search: 'press' });
    act(() => result.current.setPage(2, 20));
    rerender({ companyId: 7 });
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, companyId: 7 }), expect.anything()),
    );
    expect(fetchPage).not.toHaveBeenCalledWith(expect.objectContaining({ page: 2, companyId: 7 }), expect.anything());
  });

  it('steps back a page when a deletion empties the last one', async () => {
    let count = 21;
    const fetchPage = listOf(() => count);
    const { result } = setup(fetchPage);
    act(() => result.current.setPage(2, 20));
    await waitFor(() => expect(result.current.query.data?.items).toEqual([21]));
    count = 20;
    await act(() => result.current.query.refetch());
    await waitFor(() => expect(result.current.request.page).toBe(1));
    await waitFor(() => expect(result.current.query.data?.items).toHaveLength(20));
  });
});

describe('pageOf', () => {
  it('keeps a capped total’s `more` (shown "1000+"), and only then', () => {
    expect(pageOf({ data: [1], total: 1000, more: true })).toEqual({ items: [1], total: 1000, more: true });
    expect(pageOf({ data: [1], total: 7, more: false })).toEqual({ items: [1], total: 7 });
    expect(pageOf({ data: [1, 2] })).toEqual({ items: [1, 2], total: 2 });
  });
});
