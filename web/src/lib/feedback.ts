import type { ModalFuncProps } from 'antd';
import type { ArgsProps } from 'antd/es/notification/interface';

/**
 * Toasts, confirmations and alarm popups (antd's message, modal and notification) load on first
 * use, each kind on its own: no screen needs them to draw, and the toast after logging in need not
 * bring the dialog (about 14 KB gzip) and the alarm popups along.
 */
export function onFirstUse<Host>(load: () => Promise<Host>) {
  // One promise for every call, so popups asked for while the host loads show in the order asked;
  // forgotten when the load fails, so the next popup tries again.
  let loaded: Promise<Host> | undefined;
  return (show: (host: Host) => void) => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    void loaded.then(show, (error: unknown) => console.error('feedback popups failed to load', error));
  };
}
const withToasts = onFirstUse(() => import('./toastHost'));
const withConfirm = onFirstUse(() => import('./confirmHost'));
const withAlarmPopups = onFirstUse(() => import('./alarmPopupHost'));

export const toast = {
  success: (text: string) => withToasts((host) => void host.message.success(text)),
  error: (text: string) => withToasts((host) => void host.message.error(text)),
  info: (text: string) => withToasts((host) => void host.message.info(text)),
  warning: (text: string) => withToasts((host) => void host.message.warning(text)),
};

/** A confirmation dialog; `onOk` may return a promise, the OK button spinning until it settles. */
export function confirm(options: ModalFuncProps): void {
  withConfirm((host) => void host.confirm(options));
}

/** A warning popup in the top right corner (live alarms). */
export function warningPopup(options: ArgsProps): void {
  withAlarmPopups((host) => host.notification.warning(options));
}

/** Closes every alarm popup at once. */
export function closeAlarmPopups(): void {
  withAlarmPopups((host) => host.notification.destroy());
}
