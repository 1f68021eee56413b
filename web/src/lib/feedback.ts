import type { ModalFuncProps } from 'antd';
import type { ArgsProps } from 'antd/es/notification/interface';

/**
 * Toasts, confirmations and alarm popups (antd's message, modal and notification) load on first
 * use: no screen needs them to draw, and they weigh about 17 KB gzip.
 */
const loadHost = () => import('./feedbackHost');
type Host = Awaited<ReturnType<typeof loadHost>>;

function withHost(show: (host: Host) => void): void {
  loadHost().then(show, (error: unknown) => console.error('feedback popups failed to load', error));
}

export const toast = {
  success: (text: string) => withHost((host) => void host.message.success(text)),
  error: (text: string) => withHost((host) => void host.message.error(text)),
  info: (text: string) => withHost((host) => void host.message.info(text)),
  warning: (text: string) => withHost((host) => void host.message.warning(text)),
};

/** A confirmation dialog; `onOk` may return a promise, the OK button spinning until it settles. */
export function confirm(options: ModalFuncProps): void {
  withHost((host) => void host.confirm(options));
}

/** A warning popup in the bottom right corner (live alarms). */
export function warningPopup(options: ArgsProps): void {
  withHost((host) => host.notification.warning(options));
}
