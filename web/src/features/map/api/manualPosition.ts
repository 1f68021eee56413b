import { useMutation } from '@tanstack/react-query';
import type { ManualPosition } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';

const refresh = () => queryClient.invalidateQueries({ queryKey: ['map'] });

/** PUT /api/yudata/map/position/{mold_id}/ (WGS-84). */
export function useSetManualPosition() {
  return useMutation({
    mutationFn: ({ moldId, position }: { moldId: number; position: ManualPosition }) =>
      api.put<null>(`/yudata/map/position/${moldId}/`, position),
    onSuccess: refresh,
  });
}

/** DELETE /api/yudata/map/position/{mold_id}/: the last fix is shown again. */
export function useClearManualPosition() {
  return useMutation({
    mutationFn: (moldId: number) => api.delete<null>(`/yudata/map/position/${moldId}/`),
    onSuccess: refresh,
  });
}
