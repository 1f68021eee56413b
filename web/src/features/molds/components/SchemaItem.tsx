import { Form, InputNumber, type FormItemProps } from 'antd';
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemperatureUnit } from '@mouldwatch/shared';
import { isRequiredAt, issueAt, type FieldPath } from '../model/steps';

/** The step a field belongs to: its rule is that step's shared schema. */
export const StepContext = createContext(0);

/** The unit the form takes temperatures in: the user's, fixed while the form is open. */
export const FormUnitContext = createContext<TemperatureUnit>('C');

interface SchemaItemProps extends Omit<FormItemProps, 'name' | 'rules'> {
  /** The field's name as antd takes it (inside a Form.List, relative to the list). */
  name: FieldPath;
  /** The field's full path in the form's values, when `name` is relative (a list's row). */
  path?: FieldPath;
  children: ReactNode;
}

/**
 * A form field checked by its step's shared schema over all the form's values (so rules across
 * fields, such as early alert below alert, apply), its message in the interface language.
 */
export function SchemaItem({ name, path = name, children, ...itemProps }: SchemaItemProps) {
  const step = useContext(StepContext);
  const unit = useContext(FormUnitContext);
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      required={isRequiredAt(step, path)}
      rules={[
        ({ getFieldsValue }) => ({
          validator: async () => {
            const issue = issueAt(step, getFieldsValue(true), path, unit);
            if (issue) throw new Error(t(issue.key, { ns: 'validation', ...issue.values }));
          },
        }),
      ]}
      {...itemProps}
    >
      {children}
    </Form.Item>
  );
}

/** A number field of the form (settings, counts): empty is null, which the schema calls required. */
export function NumberItem({ name, path = name, ...itemProps }: Omit<SchemaItemProps, 'children'>) {
  return (
    <SchemaItem name={name} path={path} {...itemProps}>
      <InputNumber className="mw-molds-number" data-testid={`field-${path.join('-')}`} />
    </SchemaItem>
  );
}
