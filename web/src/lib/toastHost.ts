import { message } from 'antd';
import './popupRoot';

/** Toasts last 2 seconds, one at a time (spec §8). */
message.config({ maxCount: 1, duration: 2 });

export { message };
