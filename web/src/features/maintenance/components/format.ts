import type { MaintenanceScheduleItem, MaintenanceStatus } from '@mouldwatch/shared';

/** The spec's three status words' tag colours. */
export const STATUS_COLOURS: Record<MaintenanceStatus, string> = {
  normal: 'green',
  warning: 'orange',
  exceeded: 'red',
};

type Translate = (
  key: 'remainingCycles' | 'remainingDays' | 'overCycles' | 'overDays',
  values: { n: number },
) => string;

/** "120 cycles", "3 days", or how far past due ("10 cycles over"). */
export function remainingText(item: Pick<MaintenanceScheduleItem, 'remaining' | 'unit'>, t: Translate): string {
  if (item.remaining === null) return '—';
  const cycles = item.unit === 'cycles';
  if (item.remaining < 0) return t(cycles ? 'overCycles' : 'overDays', { n: -item.remaining });
  return t(cycles ? 'remainingCycles' : 'remainingDays', { n: item.remaining });
}
