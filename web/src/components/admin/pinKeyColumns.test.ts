import type { TableColumnsType } from 'antd';
import { describe, expect, it } from 'vitest';
import { pinKeyColumns } from './ListScreen';

interface Row {
  name: string;
  label: string;
}

const columns: TableColumnsType<Row> = [
  { title: 'Name', dataIndex: 'name' },
  { title: 'Label', dataIndex: 'label' },
  { title: 'Days left', key: 'days' },
  { title: 'Actions', key: 'actions' },
];
const layout = (pinned: TableColumnsType<Row>) => pinned.map((column) => [column.title, column.fixed]);

describe('pinned list columns', () => {
  it('pins the key column left and the actions right, and leaves columns without a key where they are', () => {
    expect(layout(pinKeyColumns(columns))).toEqual([
      ['Name', 'left'],
      ['Label', undefined],
      ['Days left', undefined],
      ['Actions', 'right'],
    ]);
  });

  it('pins the figure beside the actions, and on a phone the figure alone', () => {
    expect(layout(pinKeyColumns(columns, { figureColumn: 'days' }))).toEqual([
      ['Name', 'left'],
      ['Label', undefined],
      ['Days left', 'right'],
      ['Actions', 'right'],
    ]);
    expect(layout(pinKeyColumns(columns, { figureColumn: 'days', phone: true })).at(-1)).toEqual([
      'Days left',
      'right',
    ]);
  });
});
