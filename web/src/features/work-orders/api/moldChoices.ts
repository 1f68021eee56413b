import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { WORK_ORDER_KEY } from './listWorkOrders';

export interface MoldChoice {
  id: number;
  name: string;
  mold_number: string;
}

/** GET /api/yudata/work_order/molds/?search: the moulds the user may plan orders on. */
export async function moldChoices(search: string, signal: AbortSignal): Promise<MoldChoice[]> {
  return (await api.get<MoldChoice[]>('/yudata/work_order/molds/', { query: { search: search || undefined }, signal }))
    .data;
}

export const useMoldChoices = (search: string) =>
  useQuery({
    queryKey: [...WORK_ORDER_KEY, 'molds', search],
    queryFn: ({ signal }) => moldChoices(search, signal),
    placeholderData: keepPreviousData,
  });
