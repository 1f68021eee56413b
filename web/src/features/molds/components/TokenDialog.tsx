import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Typography } from 'antd';
import { toast } from '../../../lib/feedback';
import { useMoldsTranslation } from '../catalog';

export interface ShownToken {
  deviceNo: string;
  token: string;
}

/**
 * A device's token, shown once right after the server handed it out: it is never sent again, so the
 * dialog says so and offers to copy it. Closing it forgets the token.
 */
export function TokenDialog({ shown, onClose }: { shown: ShownToken | null; onClose(): void }) {
  const { t } = useMoldsTranslation();
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.token);
      toast.success(t('device.copied'));
    } catch {
      toast.error(t('device.copyFailed'));
    }
  };
  return (
    <Modal
      open={shown !== null}
      title={shown ? t('device.tokenTitle', { deviceNo: shown.deviceNo }) : null}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="token-close">
          {t('form.close')}
        </Button>
      }
      maskClosable={false}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('device.tokenWarning')} className="mw-molds-token-warning" />
      <div className="mw-molds-token">
        <Typography.Text code data-testid="device-token">
          {shown?.token}
        </Typography.Text>
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="token-copy">
          {t('device.copy')}
        </Button>
      </div>
    </Modal>
  );
}
