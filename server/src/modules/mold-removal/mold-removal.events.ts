import type { EventBus } from '../../infra/bus/event-bus.js';
import type { FileStore } from '../../infra/files/file-store.js';
import type { RemovedMolds } from './mold-removal.repository.js';

/**
 * Once a removal is committed: the moulds' images are deleted, and the other modules hear of it —
 * consoles drop the moulds, the grant holders' consoles reload theirs, and the ingest forgets the
 * devices' old moulds (their next readings belong to no mould).
 */
export async function finishMoldRemoval(
  services: { bus: EventBus; files: FileStore },
  orgId: number,
  removed: RemovedMolds,
): Promise<void> {
  const { bus, files } = services;
  if (removed.moldIds.length === 0) return;
  await Promise.all(removed.images.map((image) => files.delete(image)));
  for (const deviceId of removed.deviceIds) bus.publish('deviceChanged', { deviceId });
  bus.publish('moldsChanged', { orgId, moldIds: removed.moldIds, change: 'removed' });
  if (removed.grantHolders.length > 0) {
    bus.publish('grantsChanged', { userIds: removed.grantHolders, moldIds: removed.moldIds, change: 'revoked' });
  }
}
