import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/TextInput';
import { fieldIssue, isRequiredBy, type SafeParser } from '../../../lib/forms';

type Values = Record<string, string>;

/**
 * A form's values, messages and required marks: a field is checked with the shared rules as it
 * changes, every field when the form is sent, and marked required when the rules refuse it empty.
 * A plain form: antd's form engine would be most of the login page's code. The schema loads as the
 * form opens (a chunk of its own, after the page has drawn), keeping zod out of the page's first bundle.
 */
export function useRuleForm<F extends Values>(
  loadSchema: () => Promise<SafeParser>,
  initial: F,
  onValid: (values: F) => void,
) {
  const { t } = useTranslation();
  const [values, setValues] = useState<F>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof F, string>>>({});
  const [loading] = useState(loadSchema);
  const [formFields] = useState(() => Object.keys(initial));
  const [required, setRequired] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    let open = true;
    void loading.then((schema) => {
      if (open) setRequired(new Set(formFields.filter((field) => isRequiredBy(schema, field))));
    });
    return () => {
      open = false;
    };
  }, [loading, formFields]);

  const check = async (checked: F, fields: Array<keyof F & string>): Promise<boolean> => {
    const schema = await loading;
    const found: Partial<Record<keyof F, string>> = {};
    for (const field of fields) {
      const key = fieldIssue(schema, checked, field);
      found[field] = key && t(key, { ns: 'validation' });
    }
    setErrors((shown) => ({ ...shown, ...found }));
    return fields.every((field) => !found[field]);
  };

  const change = (field: keyof F & string, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    void check(next, [field]);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void check(values, Object.keys(values)).then((valid) => valid && onValid(values));
  };
  return { values, errors, required, change, submit };
}

export type RuleForm<F extends Values> = ReturnType<typeof useRuleForm<F>>;

/** A labelled field with its message below, laid out as antd's vertical form item (its required mark too). */
export function Field({
  label,
  error,
  required = false,
  children,
}: {
  label: string;
  error?: string;
  required?: boolean;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={error ? 'mw-login-field mw-login-field-invalid' : 'mw-login-field'}>
      <label className={required ? 'mw-login-label mw-login-label-required' : 'mw-login-label'} htmlFor={id}>
        {label}
      </label>
      {children(id)}
      {error && (
        <div className="mw-login-error" id={`${id}-error`} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** What an input needs to show its field's message and be described by it. */
export const invalidProps = (id: string, error?: string) =>
  error ? { invalid: true, 'aria-describedby': `${id}-error` } : {};

interface TextFieldProps<F extends Values> {
  form: RuleForm<F>;
  field: keyof F & string;
  label: string;
  autoComplete: string;
  /** A password field: shown as dots, with a show / hide switch. */
  password?: boolean;
  inputMode?: 'email' | 'tel' | 'numeric' | 'text';
  prefix?: ReactNode;
  autoFocus?: boolean;
  /** The input's test id; `account-<field>` unless given. */
  testId?: string;
}

/** A text field of a rule form, with its label and message. */
export function RuleTextField<F extends Values>({ form, field, label, password, testId, ...input }: TextFieldProps<F>) {
  const { t } = useTranslation();
  const error = form.errors[field];
  const required = form.required.has(field);
  return (
    <Field label={label} error={error} required={required}>
      {(id) => (
        <TextInput
          id={id}
          aria-required={required || undefined}
          size="large"
          value={form.values[field] ?? ''}
          onChange={(event) => form.change(field, event.target.value)}
          placeholder={label}
          {...(password ? { password: { show: t('login.showPassword'), hide: t('login.hidePassword') } } : {})}
          {...input}
          data-testid={testId ?? `account-${field}`}
          {...invalidProps(id, error)}
        />
      )}
    </Field>
  );
}
