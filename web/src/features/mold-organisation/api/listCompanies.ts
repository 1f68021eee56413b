import type { CompanyRecord } from '@mouldwatch/shared';
import { pageOf, type Page, type PageRequest } from '../../../components/admin';
import { api } from '../../../lib/api';
import { ORGANISATION_KEY } from './keys';

export const COMPANY_LIST_KEY = [...ORGANISATION_KEY, 'companyList'] as const;

/** GET /api/yudata/mold_company/?page&limit&search: a page of companies with their counts. */
export async function listCompanies(request: PageRequest, signal: AbortSignal): Promise<Page<CompanyRecord>> {
  const query = { page: request.page, limit: request.limit, search: request.search || undefined };
  return pageOf(await api.get<CompanyRecord[]>('/yudata/mold_company/', { query, signal }));
}
