import { notification } from 'antd';
import './popupRoot';

/** Live alarm popups: at most 3 on screen, the oldest closed first (spec §4). */
notification.config({ maxCount: 3, placement: 'bottomRight' });

export { notification };
