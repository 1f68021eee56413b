import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useState } from 'react';
import { MenuId, TAG_MAX_LENGTH, type TagKind } from '@mouldwatch/shared';
import { useMenuActions } from '../../../components/admin/useMenuActions';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { confirm } from '../../../lib/feedback';
import { useAddTag, useDeleteTag, useTags } from '../api/tags';
import { tagOptions, type TagOption } from '../model/tagOptions';
import '../catalog';
import './organisation.css';

export interface TagSelectProps {
  /** `country` for the mould's country, `factory` for its workshop. */
  kind: TagKind;
  /** The chosen value (a mould keeps it as text, whatever becomes of the tag). */
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Test ids: `<testId>`, `<testId>-add`, `<testId>-delete-<name>`. */
  testId?: string;
}

/** The "add" entry always shows; a tag shows when its name holds the typed text, any case, spaces around dropped. */
const matchesSearch = (search: string, option?: TagOption) =>
  option !== undefined && (option.adding === true || option.label.toLowerCase().includes(search.trim().toLowerCase()));

/**
 * A value of the organisation's country or workshop tags: pick one, type a new one (added as a
 * tag for everyone of the organisation) or delete one. Works as an antd form control.
 */
export function TagSelect({ kind, value, onChange, placeholder, disabled, testId = `tag-${kind}` }: TagSelectProps) {
  const { t } = useFeatureTranslation('moldOrganisation');
  const actions = useMenuActions(MenuId.mold);
  const tags = useTags(kind);
  const addTag = useAddTag(kind);
  const deleteTag = useDeleteTag(kind);
  const [search, setSearch] = useState('');

  const options = tagOptions(tags.data ?? [], value, search, actions.can('add'));

  const choose = (chosen: string | undefined, option?: TagOption | TagOption[]) => {
    setSearch('');
    const picked = Array.isArray(option) ? option[0] : option;
    if (!picked?.adding || chosen === undefined) return onChange?.(chosen);
    if (chosen.length > TAG_MAX_LENGTH) return;
    addTag.mutate(chosen, { onSuccess: (tag) => onChange?.(tag.name) });
  };

  const askDelete = (tag: TagOption) =>
    confirm({
      title: t('tags.deleteConfirm', { name: tag.label }),
      okButtonProps: { danger: true },
      onOk: () => deleteTag.mutateAsync(tag.id ?? 0),
    });

  const renderOption = (option: TagOption) => {
    if (option.adding) {
      const tooLong = option.value.length > TAG_MAX_LENGTH;
      return (
        <span data-testid={`${testId}-add`}>
          <PlusOutlined /> {tooLong ? t('tags.tooLong') : t('tags.add', { name: option.value })}
        </span>
      );
    }
    return (
      <div className="mw-org-tag-option">
        <span>{option.label}</span>
        {option.id !== undefined && actions.can('delete') && (
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('tags.delete', { name: option.label })}
            data-testid={`${testId}-delete-${option.label}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={(event) => {
              event.stopPropagation();
              askDelete(option);
            }}
          />
        )}
      </div>
    );
  };

  return (
    <Select<string, TagOption>
      value={value || undefined}
      onChange={choose}
      options={options}
      optionRender={(option) => renderOption(option.data)}
      loading={tags.isFetching || addTag.isPending}
      placeholder={placeholder ?? t('tags.placeholder')}
      notFoundContent={t('tags.empty')}
      showSearch={{ searchValue: search, onSearch: setSearch, filterOption: matchesSearch }}
      allowClear
      disabled={disabled}
      data-testid={testId}
    />
  );
}
