import { ConfigProvider, Modal, message, notification } from 'antd';
import { antdLocale, currentLanguage } from '../i18n';
import { THEME } from './theme';

// antd's static popups render in roots of their own: give them the console's theme and language.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider theme={THEME} locale={antdLocale(currentLanguage())}>
      {children}
    </ConfigProvider>
  ),
});

/** Toasts last 2 seconds, one at a time (spec §8). */
message.config({ maxCount: 1, duration: 2 });
/** Live alarm popups: at most 3 on screen, the oldest closed first (spec §4). */
notification.config({ maxCount: 3, placement: 'bottomRight' });

export { message, notification };
export const confirm = Modal.confirm;
