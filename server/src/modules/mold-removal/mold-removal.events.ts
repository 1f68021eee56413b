import type { EventBus } from '../../infra/bus/event-bus.js';
import type { RemovedMolds } from './mold-removal.repository.js';

/**
 * Tells the other modules, once the removal is committed: consoles drop the moulds, and the
 * ingest forgets the devices' old moulds (their next readings belong to no mould).
 */
export function announceRemovedMolds(bus: EventBus, orgId: number, removed: RemovedMolds): void {
  if (removed.moldIds.length > 0) bus.publish('moldsChanged', { orgId, moldIds: removed.moldIds, change: 'removed' });
  for (const deviceId of removed.deviceIds) bus.publish('deviceChanged', { deviceId });
}
