import type { MaintenanceLiveItem, MaintenanceScheduleItem } from '@mouldwatch/shared';
import type { Page } from '../../../components/admin';

/**
 * A schedule page with the live message's links written in (status, remaining, unit), and whether
 * it must be asked again: a link it does not show, or a status it shows differently, may change
 * which rows the page's filters, order and paging hold; a remaining counted down on a shown row
 * does not.
 */
export function patchSchedule<T extends MaintenanceScheduleItem>(
  page: Page<T>,
  items: readonly MaintenanceLiveItem[],
): { page: Page<T>; refetch: boolean } {
  const byLink = new Map(items.map((item) => [`${item.task_id}-${item.mold_id}`, item]));
  let refetch = false;
  let matched = 0;
  const rows = page.items.map((row) => {
    const item = byLink.get(`${row.task_id}-${row.mold_id}`);
    if (!item) return row;
    matched += 1;
    if (item.status !== row.status) refetch = true;
    return { ...row, status: item.status, remaining: item.remaining, unit: item.unit };
  });
  if (matched < byLink.size) refetch = true;
  return { page: matched === 0 ? page : { ...page, items: rows }, refetch };
}
