import { Tag } from 'antd';
import type { SharedMold } from '@mouldwatch/shared';

/** The moulds of a share as tags: name and number. */
export function MouldTags({ molds }: { molds: readonly SharedMold[] }) {
  return (
    <div className="mw-share-molds">
      {molds.map((mold) => (
        <Tag key={mold.id}>{mold.mold_number ? `${mold.name} · ${mold.mold_number}` : mold.name}</Tag>
      ))}
    </div>
  );
}
