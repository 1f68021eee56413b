import { Badge, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataRange } from '@mouldwatch/shared';
import { formatMeasure, measureTitle, type Measure } from '../model/measures';
import type { Point } from '../model/points';
import { timeLabel } from '../model/timeLabels';

export interface DetailTableProps {
  measures: readonly Measure[];
  /** The rows of this page, newest first. */
  points: readonly Point[];
  range: DataRange;
  zone: string;
  loading: boolean;
  pagination: TablePaginationConfig;
  emptyText: string;
}

function valueCell(measure: Measure, point: Point) {
  const value = measure.read(point);
  const colour = value === null ? undefined : measure.colourOf?.(value);
  const text = formatMeasure(measure, value);
  return colour ? <Badge color={colour} text={text} className="mw-detail-band" /> : text;
}

/** The values under a chart, newest first, one column per measure. */
export function DetailTable({ measures, points, range, zone, loading, pagination, emptyText }: DetailTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<Point> = [
    {
      key: 'time',
      title: t(`moldDetail.timeColumn.${range}`),
      render: (_, point) => timeLabel(point.t, range, zone),
      width: 190,
      fixed: 'left',
    },
    ...measures.map((measure) => ({
      key: measure.key,
      title: measureTitle(measure),
      align: 'right' as const,
      render: (_: unknown, point: Point) => valueCell(measure, point),
    })),
  ];
  return (
    <Table<Point>
      size="small"
      rowKey="t"
      columns={columns}
      dataSource={[...points]}
      loading={loading}
      pagination={{ showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100], ...pagination }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText }}
      data-testid="detail-table"
    />
  );
}
