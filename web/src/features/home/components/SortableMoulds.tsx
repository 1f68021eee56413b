import { HolderOutlined } from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  rectSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, type ReactNode } from 'react';
import { MouldItem, type ListItemProps, type ListView } from './MouldItem';

// Drag and drop (dnd-kit, about 13 KB gzip) loads when the user starts reordering, not with home.

interface SortableFrameProps {
  ids: number[];
  view: ListView;
  /** The mould shown at `from` was dropped at `to`. */
  onMove(from: number, to: number): void;
  children: ReactNode;
}

/** Around the list while reordering: moulds move by pointer, or by keyboard (Space, arrows, Space). */
export function SortableFrame({ ids, view, onMove, children }: SortableFrameProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const dropped = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dropped}>
      <SortableContext items={ids} strategy={view === 'cards' ? rectSortingStrategy : verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** A mould with its handle, moved by it. */
export const SortableMould = memo(function SortableMould(props: Omit<ListItemProps, 'drag'>) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.mould.id,
  });
  const handle = (
    <span
      ref={setActivatorNodeRef}
      className="mw-home-handle"
      aria-label={props.display.t('home.dragHandle')}
      data-testid="mould-handle"
      onClick={(event) => event.stopPropagation()}
      {...attributes}
      {...listeners}
    >
      <HolderOutlined />
    </span>
  );
  const style = { transform: CSS.Translate.toString(transform), transition };
  return <MouldItem {...props} drag={{ nodeRef: setNodeRef, style, dragging: isDragging, handle }} />;
});
