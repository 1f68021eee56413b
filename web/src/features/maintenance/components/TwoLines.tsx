import { Space } from 'antd';
import type { ReactNode } from 'react';

/** A cell's main text with a smaller line under it (mould no. over its name, task over its type). */
export function TwoLines({ main, sub }: { main: ReactNode; sub: ReactNode }) {
  return (
    <Space direction="vertical" size={0}>
      <span>{main}</span>
      <span className="mw-maint-muted">{sub}</span>
    </Space>
  );
}
