import {
  MenuId,
  canDelete,
  canRecordReject,
  canStart,
  canStop,
  editRefusal,
  type WorkOrderRecord,
} from '@mouldwatch/shared';
import { useTranslation } from 'react-i18next';
import { useMenuActions } from '../../../components/admin';
import { confirm, toast } from '../../../lib/feedback';
import { queryClient } from '../../../lib/queryClient';
import { deleteWorkOrder } from '../api/deleteWorkOrder';
import { WORK_ORDER_KEY } from '../api/listWorkOrders';
import { startWorkOrder } from '../api/startWorkOrder';
import { stopWorkOrder } from '../api/stopWorkOrder';
import { useWorkOrdersTranslation } from '../catalog';

const refresh = () => queryClient.invalidateQueries({ queryKey: WORK_ORDER_KEY });

/**
 * What the user may do with an order (role actions and the order's status) and the confirmed calls.
 * An edit the status refuses shows the spec's message instead of opening the form.
 */
export function useOrderActions(handlers: {
  onEdit(order: WorkOrderRecord): void;
  onReject(order: WorkOrderRecord): void;
}) {
  const { t } = useWorkOrdersTranslation();
  const { t: tAll } = useTranslation();
  const menu = useMenuActions(MenuId.workOrder);
  const run = (call: () => Promise<string>) => async () => {
    try {
      toast.success(await call());
    } finally {
      await refresh();
    }
  };
  return {
    canAdd: menu.can('add'),
    canExport: menu.can('export'),
    // Hidden while working or finished (DESIGN §12): not offered, then refused.
    mayEdit: (order: WorkOrderRecord) => menu.can('edit') && !editRefusal(order.status),
    mayStart: (order: WorkOrderRecord) => menu.can('edit') && canStart(order.status),
    mayStop: (order: WorkOrderRecord) => menu.can('edit') && canStop(order.status),
    mayReject: (order: WorkOrderRecord) => menu.can('edit') && canRecordReject(order.status),
    mayDelete: (order: WorkOrderRecord) => menu.can('delete') && canDelete(order.status),
    edit(order: WorkOrderRecord) {
      // The order may have started since the list was drawn.
      const refusal = editRefusal(order.status);
      if (refusal) toast.error(tAll(refusal, { ns: 'server' }));
      else handlers.onEdit(order);
    },
    reject: handlers.onReject,
    start: (order: WorkOrderRecord) =>
      confirm({
        title: t('confirm.startTitle', { orderNo: order.order_no }),
        content: t('confirm.startContent'),
        okButtonProps: { 'data-testid': 'wo-start-confirm' },
        onOk: run(() => startWorkOrder(order.id)),
      }),
    stop: (order: WorkOrderRecord) =>
      confirm({
        title: t('confirm.stopTitle', { orderNo: order.order_no }),
        content: t('confirm.stopContent'),
        okButtonProps: { danger: true },
        onOk: run(() => stopWorkOrder(order.id)),
      }),
    remove: (order: WorkOrderRecord) =>
      confirm({
        title: t('confirm.deleteTitle', { orderNo: order.order_no }),
        content: t('confirm.deleteContent'),
        okButtonProps: { danger: true },
        onOk: run(() => deleteWorkOrder(order.id)),
      }),
  };
}
export type OrderActions = ReturnType<typeof useOrderActions>;
