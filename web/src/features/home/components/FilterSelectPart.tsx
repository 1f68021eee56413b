import { Select } from 'antd';
import type { FirstUseProps } from '../../../components/OnFirstUse';
import type { FilterSelectProps } from './FilterSelect';

/** The filter's select, open at once when the stub was clicked, with the focus. */
export function FilterSelectPart({
  open,
  onOpenChange,
  renderButton: _stub,
  ...props
}: FilterSelectProps & FirstUseProps) {
  return (
    <Select
      {...props}
      options={[...props.options]}
      open={open}
      onOpenChange={onOpenChange}
      autoFocus
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      className="mw-home-select"
      popupMatchSelectWidth={false}
    />
  );
}
