import { Progress, Tag } from 'antd';
import { progressPercent, type WorkOrderRecord, type WorkOrderStatus } from '@mouldwatch/shared';
import { currentLanguage } from '../../../i18n';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time';
import { useWorkOrdersTranslation } from '../catalog';

const STATUS_COLOURS: Record<WorkOrderStatus, string> = {
  created: 'default',
  working: 'processing',
  finish: 'success',
  stop: 'warning',
};

export function StatusTag({ status }: { status: WorkOrderStatus }) {
  const { t } = useWorkOrdersTranslation();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="work-order-status" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** Epoch seconds as date and time in the user's zone and language. */
export function useFormatTime(): (seconds: number | null) => string {
  const timeZone = useSession((state) => state.timeZone);
  return (seconds) => (seconds === null ? '—' : formatDateTime(seconds, timeZone, currentLanguage()));
}

/** Finished of quantity as a bar, the remainder and, while working, the expected finish in the user's zone. */
export function ProgressCell({ order }: { order: WorkOrderRecord }) {
  const { t } = useWorkOrdersTranslation();
  const format = useFormatTime();
  const percent = progressPercent(order.finished, order.quantity);
  return (
    <div className="mw-wo-progress" data-testid={`work-order-progress-${order.id}`} data-finished={order.finished}>
      <Progress
        percent={percent}
        size="small"
        // Not antd's "active" shimmer while working: it never stops, and a screen left open all shift
        // kept a core's renderer 40 % busy redrawing it. The state tag says the order is working.
        status={order.status === 'stop' ? 'exception' : 'normal'}
        showInfo={false}
      />
      <div className="mw-wo-progress-text">
        <span className="mw-wo-finished">
          {t('progress.finished', { finished: order.finished, quantity: order.quantity })}
        </span>
        {order.finished > order.quantity ? (
          // A back-filled batch can run past the quantity: said as such, not hidden behind "Remaining 0".
          <span className="mw-wo-over" data-testid={`work-order-over-${order.id}`}>
            {t('progress.over', { over: order.finished - order.quantity })}
          </span>
        ) : (
          <span className="mw-wo-muted">{t('progress.remaining', { remaining: order.remaining })}</span>
        )}
      </div>
      {order.status === 'working' ? (
        <div className="mw-wo-muted">
          {order.expected_finish === null
            ? t('progress.noEstimate')
            : t('progress.expected', { time: format(order.expected_finish) })}
        </div>
      ) : null}
    </div>
  );
}
