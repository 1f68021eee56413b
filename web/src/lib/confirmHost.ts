import { Modal } from 'antd';
import './popupRoot';

export const confirm = Modal.confirm;
