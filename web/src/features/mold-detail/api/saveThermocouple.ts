import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';
import { mouldQueryOptions, type MouldFacts } from './getMould';

/** 0 is J, 1 is K (the mould record's `thermocouple_type`). */
export type ThermocoupleCode = 0 | 1;

/** PUT /api/yudata/mold/thermocouple/{moldId}/ {thermocouple_type}: later readings are read as it. */
export async function saveThermocouple(moldId: number, code: ThermocoupleCode): Promise<void> {
  await api.put<{ id: number; thermocouple_type: ThermocoupleCode }>(`/yudata/mold/thermocouple/${moldId}/`, {
    thermocouple_type: code,
  });
}

/** The mould's facts show the new type once the server took it. */
export function useSaveThermocouple(moldId: number) {
  const { queryKey } = mouldQueryOptions(moldId);
  return useMutation({
    mutationFn: (code: ThermocoupleCode) => saveThermocouple(moldId, code),
    onSuccess: (_answer, code) =>
      queryClient.setQueryData<MouldFacts>(queryKey, (facts) =>
        facts ? { ...facts, thermocouple_type: code } : facts,
      ),
  });
}
