import type { CompanyRecord, MoldGroupRecord } from '@mouldwatch/shared';
import type { CompanyRow } from './companies.repository.js';
import type { MoldGroupRow } from './mold-groups.repository.js';

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function presentCompany(row: CompanyRow): CompanyRecord {
  return {
    id: row.id,
    name: row.name,
    group_count: row.group_count,
    mold_count: row.mold_count,
    created_at: epochSeconds(row.created_at),
  };
}

export function presentMoldGroup(row: MoldGroupRow): MoldGroupRecord {
  return {
    id: row.id,
    name: row.name,
    company: { id: row.company_id, name: row.company_name },
    mold_count: row.mold_count,
    created_at: epochSeconds(row.created_at),
  };
}
