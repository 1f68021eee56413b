import { notification } from 'antd';
import './popupRoot';

/** Under the console's 56 px header, so the header's controls stay reachable. */
const BELOW_HEADER = 64;

/**
 * Live alarm popups: at most 3 on screen, the oldest closed first (spec §4). They sit at the top right:
 * drawers and dialogs keep their primary actions in their footers at the bottom (DESIGN §12), where
 * popups in the bottom corner covered the mould form's Next and Save. On a phone they take a compact
 * form (styles.css, `mw-alarm-popup`), and each one's button closes them all.
 */
notification.config({ maxCount: 3, placement: 'topRight', top: BELOW_HEADER });

export { notification };
