import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import './toggleGroup.css';

export interface ToggleOption<T> {
  value: T;
  label: ReactNode;
  /** Shown on hover; also the option's accessible name when its label is an icon. */
  title?: string;
}

interface ToggleGroupProps<T> {
  /** null: none chosen yet. */
  value: T | null;
  options: ReadonlyArray<ToggleOption<T>>;
  onChange(value: T): void;
  /** The group's accessible name. */
  label: string;
  size?: 'small' | 'middle';
  disabled?: boolean;
  'data-testid'?: string;
}

const STEPS: Readonly<Record<string, number>> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * One of a few choices, side by side (units, views, ranges): a radio group of buttons, arrow keys
 * moving the choice. Our own, as antd's `Segmented` brings its tooltip and motion engine into the
 * console's first load.
 */
export function ToggleGroup<T extends string | number>(props: ToggleGroupProps<T>) {
  const { value, options, onChange, label, size = 'middle', disabled = false } = props;
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const selected = options.findIndex((option) => option.value === value);
  const choose = (index: number) => {
    const option = options[index];
    if (option && option.value !== value) onChange(option.value);
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = STEPS[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = (index + step + options.length) % options.length;
    buttons.current[next]?.focus();
    choose(next);
  };

  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-disabled={disabled || undefined}
      className={`mw-toggle mw-toggle-${size}`}
      data-testid={props['data-testid']}
    >
      {options.map((option, index) => (
        <button
          key={option.value}
          ref={(button) => {
            buttons.current[index] = button;
          }}
          type="button"
          role="radio"
          aria-checked={index === selected}
          tabIndex={index === Math.max(selected, 0) ? 0 : -1}
          title={option.title}
          aria-label={option.title}
          disabled={disabled}
          onClick={() => choose(index)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
