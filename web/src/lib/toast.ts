import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/** Toasts last 2 seconds, one at a time (spec §8). */
export const TOAST_CONFIG = { maxCount: 1, duration: 2 } as const;
message.config(TOAST_CONFIG);

let instance: MessageInstance = message;

/** Called by the providers with the themed, localised instance from antd's App. */
export function bindToast(api: MessageInstance): void {
  instance = api;
}

export const toast = {
  success: (text: string) => void instance.success(text),
  error: (text: string) => void instance.error(text),
  info: (text: string) => void instance.info(text),
  warning: (text: string) => void instance.warning(text),
};
