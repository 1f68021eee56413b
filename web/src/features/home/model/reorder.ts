/**
 * A mould dragged from `from` to `to` in the shown order: the moulds between the two places, in
 * their new order — the only ones whose places change, and what the server is sent.
 */
export function movedRange(ids: readonly number[], from: number, to: number): number[] {
  const moved = [...ids];
  moved.splice(to, 0, ...moved.splice(from, 1));
  return moved.slice(Math.min(from, to), Math.max(from, to) + 1);
}

/**
 * The list with `orderedIds` put in that order within the places they hold in it, everything else
 * where it was — as the server orders them (POST /api/yudata/updateMoldSort/). The list itself
 * when they are in that order already.
 */
export function placeWithinSlots<T extends { id: number }>(
  list: readonly T[],
  orderedIds: readonly number[],
): readonly T[] {
  const wanted = new Set(orderedIds);
  const byId = new Map(list.filter((item) => wanted.has(item.id)).map((item) => [item.id, item]));
  const next = orderedIds.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
  let taken = 0;
  const placed = list.map((item) => (wanted.has(item.id) ? (next[taken++] ?? item) : item));
  return placed.every((item, index) => item === list[index]) ? list : placed;
}
