import { Input, Modal } from 'antd';
import { useState } from 'react';
import { MAX_ACK_COMMENT } from '@mouldwatch/shared';
import { acknowledgeAlarms } from '../api/acknowledgeAlarms';
import { useAlarmsTranslation } from '../catalog';

export interface AckDialogProps {
  open: boolean;
  ids: readonly number[];
  /** With how many were acknowledged; undefined when cancelled (or refused: the client toasted why). */
  onClose(acknowledged?: number): void;
}

/** The confirmation before acknowledging the selected alarms, with an optional comment. */
export function AckDialog({ open, ids, onClose }: AckDialogProps) {
  const { t } = useAlarmsTranslation();
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    try {
      const acknowledged = await acknowledgeAlarms(ids, comment);
      setComment('');
      onClose(acknowledged);
    } catch {
      // The API client has shown the reason.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('ackTitle', { count: ids.length })}
      okText={t('acknowledge')}
      onOk={() => void submit()}
      confirmLoading={saving}
      onCancel={() => onClose()}
      destroyOnHidden
      data-testid="alarms-ack-dialog"
    >
      <p className="mw-alarms-ack-hint">{t('ackHint')}</p>
      <label className="mw-alarms-ack-label" htmlFor="mw-alarms-ack-comment">
        {t('ackComment')}
      </label>
      <Input.TextArea
        id="mw-alarms-ack-comment"
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        maxLength={MAX_ACK_COMMENT}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('ackCommentPlaceholder')}
        data-testid="alarms-ack-comment"
      />
    </Modal>
  );
}
