import { KeyOutlined, DisconnectOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { confirm } from '../../../lib/feedback';
import { rotateDeviceToken, unbindDevice } from '../api/deviceCalls';
import { useMoldsTranslation } from '../catalog';
import type { ShownToken } from './TokenDialog';

interface DeviceActionsProps {
  device: { id: number; device_no: string };
  /** A new token was issued: show it once. */
  onToken(shown: ShownToken): void;
  onUnbound(): void;
}

/** What can be done with the device bound to the mould being edited: a new token, or unbinding it. */
export function DeviceActions({ device, onToken, onUnbound }: DeviceActionsProps) {
  const { t } = useMoldsTranslation();
  const deviceNo = device.device_no;
  const askNewToken = () =>
    confirm({
      title: t('device.newTokenTitle', { deviceNo }),
      content: t('device.newTokenContent'),
      okButtonProps: { 'data-testid': 'device-new-token-confirm' },
      onOk: async () => onToken({ deviceNo, token: await rotateDeviceToken(device.id) }),
    });
  const askUnbind = () =>
    confirm({
      title: t('device.unbindTitle', { deviceNo }),
      content: t('device.unbindContent'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await unbindDevice(device.id);
        onUnbound();
      },
    });
  return (
    <Space wrap>
      <Button icon={<KeyOutlined />} onClick={askNewToken} data-testid="device-new-token">
        {t('device.newToken')}
      </Button>
      <Button icon={<DisconnectOutlined />} danger onClick={askUnbind} data-testid="device-unbind">
        {t('device.unbind')}
      </Button>
    </Space>
  );
}
