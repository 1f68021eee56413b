import { useEffect, useRef } from 'react';
import type { LiveServerMessage } from '@mouldwatch/shared';
import { liveFeed } from '../../../lib/liveFeed';

/**
 * The detail screen on the console's live connection: every message while the screen shows, and
 * the readings of `followedMoldId` while it is set (null stops following).
 */
export function useMouldConnection(followedMoldId: number | null, onMessage: (message: LiveServerMessage) => void) {
  const handler = useRef(onMessage);

  useEffect(() => {
    handler.current = onMessage;
  });

  useEffect(() => liveFeed.subscribe((message) => handler.current(message)), []);

  useEffect(() => {
    liveFeed.follow(followedMoldId);
    return () => liveFeed.follow(null);
  }, [followedMoldId]);
}
