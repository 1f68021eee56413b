import { maintenanceLabel, type Language, type MaintenanceHistoryItem } from '@mouldwatch/shared';
import { formatTime } from '../mold-export/mold-export.service.js';
import type { Sheet } from '../mold-export/spreadsheet.js';

/** The history as a sheet: the displayed fields of spec §3, times on the reader's wall clock. */
export function historySheet(items: MaintenanceHistoryItem[], language: Language, zone: string): Sheet {
  const label = (key: Parameters<typeof maintenanceLabel>[1]) => maintenanceLabel(language, key);
  const time = (epoch: number | null) => (epoch === null ? null : formatTime(epoch, zone, false));
  return {
    name: label('sheet'),
    columns: [
      { header: label('taskName'), width: 24 },
      { header: label('taskType'), width: 16 },
      { header: label('moldNumber'), width: 16 },
      { header: label('moldName'), width: 20 },
      { header: label('content'), width: 40 },
      { header: label('remarks'), width: 30 },
      { header: label('lastMaintenance'), width: 20 },
      { header: label('used'), width: 14 },
      { header: label('counter'), width: 12 },
      { header: label('confirmer'), width: 16 },
      { header: label('confirmedTime'), width: 20 },
      { header: label('alarmTime'), width: 20 },
    ],
    rows: items.map((item) => [
      item.task_name,
      label(item.task_type),
      item.mold_number,
      item.mold_name,
      item.content.map((entry) => `${entry.checked ? '☑' : '☐'} ${entry.content}`).join('\n'),
      item.remarks,
      time(item.last_maint_datetime),
      item.used === null ? null : `${item.used} ${label(item.used_unit)}`,
      item.counter,
      item.confirmer,
      time(item.confirmed_datetime),
      time(item.alarm_datetime),
    ]),
  };
}
