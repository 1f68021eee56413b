import {
  maintenanceAmount,
  type MaintenanceAmountKey,
  type MaintenanceScheduleItem,
  type MaintenanceStatus,
} from '@mouldwatch/shared';

/** The spec's three status words' tag colours. */
export const STATUS_COLOURS: Record<MaintenanceStatus, string> = {
  normal: 'green',
  warning: 'orange',
  exceeded: 'red',
};

type Translate = (key: MaintenanceAmountKey, values: { n: number }) => string;

/** "120 cycles", "3 days", or how far past due ("10 cycles over"). */
export function remainingText(item: Pick<MaintenanceScheduleItem, 'remaining' | 'unit'>, t: Translate): string {
  if (item.remaining === null) return '—';
  const { key, count } = maintenanceAmount(item.remaining, item.unit);
  return t(key, { n: count });
}
