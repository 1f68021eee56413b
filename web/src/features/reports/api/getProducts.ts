import type { ProductItem } from '@mouldwatch/shared';
import { pageOf, type Page, type PageRequest } from '../../../components/admin';
import { api } from '../../../lib/api';

/** The product list's period: [start, end) in epoch seconds, null while a custom period is not chosen. */
export interface ProductsPeriod {
  period: { start: number; end: number } | null;
}

/** GET /api/yudata/products/: one page of the caller's products with their figures in the period. */
export async function getProducts(
  { page, limit, search, period }: PageRequest & ProductsPeriod,
  signal: AbortSignal,
): Promise<Page<ProductItem>> {
  // No period yet (a custom one not picked): nothing is asked, and the list says to choose one.
  if (!period) return { items: [], total: 0 };
  const answer = await api.get<ProductItem[]>('/yudata/products/', {
    query: { ...period, page, limit, ...(search ? { search } : {}) },
    signal,
  });
  return pageOf(answer);
}
