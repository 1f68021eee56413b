import { AutoComplete } from 'antd';
import { useTags, type TagKind } from '../api/tags';
import { SchemaItem } from './SchemaItem';

/** Country or workshop: one of the organisation's tags, or a value typed in. */
export function TagField({ name, kind, label }: { name: string; kind: TagKind; label: string }) {
  const tags = useTags(kind);
  return (
    <SchemaItem name={[name]} label={label}>
      <AutoComplete
        options={tags.data?.map((tag) => ({ value: tag.name }))}
        showSearch={{
          filterOption: (typed, option) =>
            String(option?.value ?? '')
              .toLowerCase()
              .includes(typed.toLowerCase()),
        }}
        data-testid={`field-${name}`}
      />
    </SchemaItem>
  );
}
