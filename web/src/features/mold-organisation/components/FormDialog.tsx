import { Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';

export interface FormDialogProps<Values> {
  title: string;
  form: FormInstance<Values>;
  initialValues?: Partial<Values>;
  saving: boolean;
  /** Saves the checked values; a 409 (a name taken) shows `nameTakenText` under the name. */
  onSubmit(values: Values): Promise<unknown>;
  nameTakenText: string;
  onClose(): void;
  /** `<testId>-form`, `<testId>-save`. */
  testId: string;
  children: ReactNode;
}

/** The add / edit dialog of a company or group: checked by the shared schema, closed once saved. */
export function FormDialog<Values extends object>(props: FormDialogProps<Values>) {
  const { t } = useTranslation();
  const { form, onSubmit, onClose } = props;

  const save = async () => {
    const values = await form.validateFields();
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        form.setFields([{ name: 'name' as never, errors: [props.nameTakenText] }]);
      }
    }
  };

  return (
    <Modal
      open
      title={props.title}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={props.saving}
      okButtonProps={{ 'data-testid': `${props.testId}-save` }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark
        initialValues={props.initialValues}
        data-testid={`${props.testId}-form`}
      >
        {props.children}
      </Form>
    </Modal>
  );
}
