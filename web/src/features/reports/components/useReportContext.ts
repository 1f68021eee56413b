import { useEffect, useMemo } from 'react';
import { browserTimeZone } from '../../../lib/timeZone';
import { useSession } from '../../../lib/session';
import { reportQuery, useReportFilters } from '../model/filters';

/** The user's zone, the chosen filters and the query they make (null while incomplete). */
export function useReportContext() {
  const zone = useSession((state) => state.timeZone) || browserTimeZone();
  const filters = useReportFilters();
  const { mode, companyId, groupId, moldIds, period, custom, range, report, now, refresh } = filters;
  // A screen opened later reports up to that moment.
  useEffect(() => refresh(), [refresh]);
  const query = useMemo(
    () => reportQuery({ mode, companyId, groupId, moldIds, period, custom, range, report }, now, zone),
    [mode, companyId, groupId, moldIds, period, custom, range, report, zone, now],
  );
  return { zone, filters, query };
}
