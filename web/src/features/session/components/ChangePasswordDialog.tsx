import { serverText } from '../../../i18n';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { passwordChangeSchema, type PasswordChangeForm } from '@mouldwatch/shared';
import { endSession } from '../../../lib/auth';
import { schemaField } from '../../../lib/forms';
import { toast } from '../../../lib/feedback';
import { useResetPassword } from '../api/resetPassword';

interface ChangePasswordDialogProps {
  open: boolean;
  onClose(): void;
}

/** Change password: the new one differs from the old, the confirmation equals it; then log in again. */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<PasswordChangeForm>();
  const reset = useResetPassword();

  const save = async () => {
    const values = await form.validateFields();
    reset.mutate(values, {
      onSuccess: () => {
        toast.success(serverText('passwordChanged'));
        endSession();
        navigate('/login', { replace: true });
        onClose();
      },
    });
  };

  const field = (name: keyof PasswordChangeForm) => schemaField(passwordChangeSchema, name, t);
  return (
    <Modal
      open={open}
      title={t('password.title')}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={reset.isPending}
      okButtonProps={{ 'data-testid': 'password-save' }}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('password.hint')} className="mw-dialog-hint" />
      <Form form={form} layout="vertical" requiredMark data-testid="password-form">
        <Form.Item name="oldPassword" label={t('password.oldPassword')} validateFirst {...field('oldPassword')}>
          <Input.Password autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('password.newPassword')}
          validateFirst
          dependencies={['oldPassword']}
          {...field('newPassword')}
        >
          <Input.Password autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item
          name="newPassword2"
          label={t('password.newPassword2')}
          validateFirst
          dependencies={['newPassword']}
          {...field('newPassword2')}
        >
          <Input.Password autoComplete="new-password" data-testid="password-new2" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
