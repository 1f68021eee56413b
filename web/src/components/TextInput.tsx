import { CloseCircleFilled, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import './textInput.css';

interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'prefix' | 'type'> {
  value: string;
  /** An icon before the text. */
  prefix?: ReactNode;
  size?: 'middle' | 'large';
  /** Drawn in the error colour (the field's message says why). */
  invalid?: boolean;
  /** A password: hidden, with a button that shows it (its name while hidden, and while shown). */
  password?: { show: string; hide: string };
  /** A button that empties the field (the focus back in it), shown while there is text. */
  onClear?: { label: string; clear(): void };
}

/**
 * A text field drawn as antd's `Input` with an affix (prefix icon, password eye, clear button),
 * our own: antd's brings its input engine, styles and status machinery into the console's first
 * load (about 13 KB gzip). Props other than these go to the `<input>` itself.
 */
export function TextInput({
  prefix,
  size = 'middle',
  invalid,
  password,
  onClear,
  className,
  ...input
}: TextInputProps) {
  const [shown, setShown] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const classes = ['mw-input', `mw-input-${size}`, invalid && 'mw-input-invalid', className].filter(Boolean);
  return (
    <span className={classes.join(' ')}>
      {prefix && <span className="mw-input-prefix">{prefix}</span>}
      <input
        {...input}
        ref={inputRef}
        type={password && !shown ? 'password' : 'text'}
        aria-invalid={invalid || undefined}
      />
      {password && (
        <button
          type="button"
          className="mw-input-action mw-input-reveal"
          aria-label={shown ? password.hide : password.show}
          aria-pressed={shown}
          onClick={() => setShown(!shown)}
        >
          {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>
      )}
      {onClear && (
        <button
          type="button"
          className="mw-input-action mw-input-clear"
          aria-label={onClear.label}
          hidden={input.value === ''}
          onClick={() => {
            onClear.clear();
            inputRef.current?.focus();
          }}
        >
          <CloseCircleFilled />
        </button>
      )}
    </span>
  );
}
