import type { NamedRecord } from '@mouldwatch/shared';

export interface TagOption {
  value: string;
  label: string;
  /** The tag's id; none for the "add" entry and for a value no tag holds. */
  id?: number;
  adding?: boolean;
}

/**
 * What a tag select offers: the organisation's tags; the current value, if no tag holds it (a
 * mould keeps a deleted tag's value); and, when the user may add tags, an "add" entry for typed
 * text that matches no option whatever its case.
 */
export function tagOptions(tags: readonly NamedRecord[], value: string | undefined, search: string, canAdd: boolean) {
  const options: TagOption[] = tags.map((tag) => ({ value: tag.name, label: tag.name, id: tag.id }));
  if (value && !tags.some((tag) => tag.name === value)) options.unshift({ value, label: value });
  const typed = search.trim();
  const isNew = typed !== '' && !options.some((option) => option.value.toLowerCase() === typed.toLowerCase());
  if (isNew && canAdd) options.push({ value: typed, label: typed, adding: true });
  return options;
}
