import { FALLBACK_LANGUAGE, type Language, type WorkOrderRecord, type WorkOrderStatus } from '@mouldwatch/shared';
import { formatTime } from '../mold-export/mold-export.service.js';
import type { Cell, Sheet } from '../mold-export/spreadsheet.js';

/** Column titles and status names of the work order spreadsheet, per language. */
const LABELS: Record<Language, { title: string; columns: string[]; status: Record<WorkOrderStatus, string> }> = {
  en: {
    title: 'Work orders',
    columns: [
      'Order ID',
      'Mould no',
      'Mould',
      'Machine',
      'Workshop',
      'Project name',
      'Start date',
      'Quantity',
      'Starting quantity',
      'Status',
      'Finish',
      'Remaining',
      'Reject',
      'Revision',
      'Started',
      'Ended',
      'Remarks',
    ],
    status: { created: 'Created', working: 'Working', finish: 'Finish', stop: 'Stop' },
  },
  zh: {
    title: '工单',
    columns: [
      '工单号',
      '模具编号',
      '模具',
      '机台',
      '车间',
      '项目名称',
      '开始日期',
      '数量',
      '起始数量',
      '状态',
      '完成',
      '剩余',
      '不良',
      '版本',
      '开始时间',
      '结束时间',
      '备注',
    ],
    status: { created: '未开始', working: '进行中', finish: '已完成', stop: '已停止' },
  },
  kor: {
    title: '작업 지시',
    columns: [
      '지시 번호',
      '금형 번호',
      '금형',
      '설비',
      '작업장',
      '프로젝트명',
      '시작일',
      '수량',
      '시작 수량',
      '상태',
      '완료',
      '잔량',
      '불량',
      '리비전',
      '시작',
      '종료',
      '비고',
    ],
    status: { created: '생성됨', working: '작업 중', finish: '완료', stop: '중지' },
  },
  por: {
    title: 'Ordens de serviço',
    columns: [
      'ID da ordem',
      'Nº do molde',
      'Molde',
      'Máquina',
      'Oficina',
      'Projeto',
      'Data de início',
      'Quantidade',
      'Quantidade inicial',
      'Status',
      'Concluído',
      'Restante',
      'Refugo',
      'Revisão',
      'Iniciada',
      'Encerrada',
      'Observações',
    ],
    status: { created: 'Criada', working: 'Em produção', finish: 'Concluída', stop: 'Parada' },
  },
};
const WIDTHS = [18, 16, 20, 16, 16, 20, 18, 12, 12, 12, 12, 12, 10, 10, 18, 18, 30];

/** The orders as one sheet, times on the reader's wall clock. */
export function workOrderSheet(orders: WorkOrderRecord[], reader: { language: Language; zone: string }): Sheet {
  const labels = LABELS[reader.language] ?? LABELS[FALLBACK_LANGUAGE];
  const time = (seconds: number | null) => (seconds === null ? '' : formatTime(seconds, reader.zone, false));
  return {
    name: labels.title,
    columns: labels.columns.map((header, index) => ({ header, width: WIDTHS[index] ?? 14 })),
    rows: orders.map((order): Cell[] => [
      order.order_no,
      order.mold_number,
      order.mold_name,
      order.machine,
      order.workshop,
      order.project_name,
      time(order.start_date),
      order.quantity,
      order.starting_quantity,
      labels.status[order.status],
      order.finished,
      order.remaining,
      order.reject,
      order.revision,
      time(order.started_at),
      time(order.ended_at),
      order.remarks,
    ]),
  };
}

/** The download's file name in the reader's language. */
export const workOrderFileName = (language: Language) =>
  `${(LABELS[language] ?? LABELS[FALLBACK_LANGUAGE]).title}.xlsx`;
