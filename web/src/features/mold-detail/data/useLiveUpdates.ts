import { useEffect, useRef } from 'react';
import type { LiveServerMessage, MoldLiveStatus } from '@mouldwatch/shared';
import { patchCached, queryClient } from '../../../lib/queryClient';
import { mouldQueryOptions, type MouldFacts } from '../api/getMould';
import { useMouldConnection } from '../live/useMouldConnection';
import { appendToBuffer, lastCounter, pointOfReading, readingOf } from '../model/liveReadings';
import type { Point } from '../model/points';
import type { DetailView } from '../views';
import { realtimeQueryKey } from './readPoints';

/** Readings that change values the server derives are read again after this pause, at most once per pause. */
const REREAD_AFTER_MS = 3000;

function applyStatus(moldId: number, status: MoldLiveStatus): void {
  if (status.id !== moldId) return;
  const { state, online, last_connect_time } = status;
  patchCached<MouldFacts>({ queryKey: mouldQueryOptions(moldId).queryKey, exact: true }, (facts) => ({
    ...facts,
    state,
    online,
    last_connect_time,
  }));
}

/**
 * Keeps a detail screen live: the mould's state in the header, and while the Real Time tab is
 * shown (`following`), its readings — appended to the chart's cache entry, or, for slot values,
 * by reading the window again. Leaving the tab stops following the mould.
 */
export function useLiveUpdates(view: DetailView, moldId: number, following: boolean): void {
  const rereadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const key = realtimeQueryKey(view, moldId);

  const scheduleReread = () => {
    rereadTimer.current ??= setTimeout(() => {
      rereadTimer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: key });
    }, REREAD_AFTER_MS);
  };

  const onMessage = (message: LiveServerMessage) => {
    if (message.type === 'list') return applyStatus(moldId, message.data as MoldLiveStatus);
    const reading = readingOf(message, moldId);
    if (!reading) return;
    const { source } = view;
    if (view.live === 'reread' || source.kind === 'statusHistory') return scheduleReread();
    patchCached<Point[]>({ queryKey: key, exact: true }, (buffer) => {
      const point = pointOfReading(source.kind, reading, lastCounter(buffer, reading.create_datetime));
      return point ? appendToBuffer(buffer, point, view.realtimeSeconds) : buffer;
    });
  };

  useEffect(() => () => clearTimeout(rereadTimer.current), []);
  useMouldConnection(following ? moldId : null, onMessage);
}
