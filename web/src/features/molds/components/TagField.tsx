import { TagSelect, type TagSelectProps } from '../../mold-organisation';
import { SchemaItem } from './SchemaItem';

/** Country or workshop: one of the organisation's tags, picked, added or deleted with the one tag picker. */
export function TagField({ name, kind, label }: { name: string; kind: TagSelectProps['kind']; label: string }) {
  return (
    // A cleared picker leaves the field empty, as the form keeps it ('' rather than nothing).
    <SchemaItem name={[name]} label={label} normalize={(value?: string) => value ?? ''}>
      <TagSelect kind={kind} testId={`field-${name}`} />
    </SchemaItem>
  );
}
