import { DownOutlined } from '@ant-design/icons';
import { OnFirstUse, firstUsePart } from '../../../components/OnFirstUse';

export type FilterValue = string | number;

export interface FilterSelectProps<V extends FilterValue = FilterValue> {
  value: V | undefined;
  options: ReadonlyArray<{ value: V; label: string }>;
  placeholder: string;
  onChange(value: V | undefined): void;
  'data-testid': string;
}

/** antd's select (about 22 KB gzip with its virtual list) loads when a filter is first opened. */
const select = firstUsePart(() => import('./FilterSelectPart').then((module) => module.FilterSelectPart));

/**
 * A filter choice (company, group, customer, country) with search and clear. Until first used it is
 * a button drawn like the select, showing the choice or the placeholder.
 */
export function FilterSelect<V extends FilterValue>(props: FilterSelectProps<V>) {
  const chosen = props.options.find((option) => option.value === props.value);
  return (
    <OnFirstUse
      part={select}
      // The loaded select hands back one of these options' values, or undefined when cleared.
      partProps={props as unknown as FilterSelectProps}
      renderButton={(trigger) => (
        <button
          {...trigger}
          type="button"
          className={chosen ? 'mw-select-stub mw-select-stub-chosen' : 'mw-select-stub'}
          aria-haspopup="listbox"
          aria-label={props.placeholder}
          data-testid={props['data-testid']}
        >
          <span>{chosen ? chosen.label : props.placeholder}</span>
          <DownOutlined />
        </button>
      )}
    />
  );
}
