import type { TemperatureUnit } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/saveFile';
import { alarmQuery, type AlarmFilters } from './listAlarms';

/**
 * GET /api/yudata/alarm/export/: the filtered list as a spreadsheet in the user's unit, zone and
 * language (the client adds them), saved under the name the server gives it.
 */
export async function exportAlarms(types: readonly number[], filters: AlarmFilters, unit: TemperatureUnit) {
  const { blob, filename } = await api.blob('/yudata/alarm/export/', {
    query: { ...alarmQuery(types, filters), unit },
  });
  saveFile(blob, filename ?? 'alarms.xlsx');
}
