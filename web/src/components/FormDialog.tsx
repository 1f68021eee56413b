import { Form, Modal, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';

export interface FormDialogProps<Values> {
  /** Open while there is something to fill in (the record the dialog is about). */
  open: boolean;
  title: ReactNode;
  okText: string;
  cancelText: string;
  /** The widest the dialog grows, in px; on a narrow screen it keeps a 16 px margin each side. */
  maxWidth: number;
  /** The form's instance, when the fields' rules read other fields; else the dialog makes its own. */
  form?: FormInstance<Values>;
  initialValues?: Partial<Values>;
  /**
   * Sends the valid form. Resolves once saved (the dialog closes); rejects when the call was
   * refused — the API client has shown the server's message, and the dialog stays open to correct.
   */
  onSave(values: Values): Promise<void>;
  onClose(): void;
  /** Shown above the fields (what the form is about). */
  header?: ReactNode;
  /** `data-testid` of the OK button. */
  okTestId?: string;
  children: ReactNode;
}

/**
 * A modal with one vertical form: OK submits it (rules first), busy while saving, closed once
 * saved, fields dropped when it closes. The shape of the console's small record dialogs
 * (remittance of a renewal order, rejects of a work order).
 */
export function FormDialog<Values>(props: FormDialogProps<Values>) {
  const [ownForm] = Form.useForm<Values>();
  const form = props.form ?? ownForm;
  const [saving, setSaving] = useState(false);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      await props.onSave(values);
      props.onClose();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText={props.cancelText}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      destroyOnHidden
      width={`min(${props.maxWidth}px, calc(100vw - 32px))`}
      okButtonProps={
        props.okTestId ? ({ 'data-testid': props.okTestId } as Record<`data-${string}`, string>) : undefined
      }
    >
      {props.header}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(values) => void save(values)}
        preserve={false}
        initialValues={props.initialValues}
      >
        {props.children}
      </Form>
    </Modal>
  );
}
