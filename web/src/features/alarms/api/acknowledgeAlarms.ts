import { api } from '../../../lib/api';

/** POST /api/yudata/alarm/acknowledge/: answers how many this call acknowledged (others were already). */
export async function acknowledgeAlarms(ids: readonly number[], comment: string): Promise<number> {
  const answer = await api.post<{ acknowledged: number }>('/yudata/alarm/acknowledge/', {
    ids,
    ...(comment.trim() ? { comment: comment.trim() } : {}),
  });
  return answer.data.acknowledged;
}
