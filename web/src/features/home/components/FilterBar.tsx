import { AppstoreOutlined, BarsOutlined, SearchOutlined, StarFilled } from '@ant-design/icons';
import { Button, Segmented, Select } from 'antd';
// The input alone: antd's `Input` brings TextArea, OTP, Search and Password along (about 9 KB gzip).
import Input from 'antd/es/input/Input';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilterOptions } from '../api/getFilterOptions';
import { NO_FILTERS, isFiltered, type HomeFilters } from '../model/filters';
import type { ListView } from './MouldItem';

/** The search is sent once typing pauses this long. */
const SEARCH_PAUSE_MS = 300;

interface FilterBarProps {
  filters: HomeFilters;
  onChange(filters: HomeFilters): void;
  view: ListView;
  onViewChange(view: ListView): void;
  shown: number;
  total: number;
  numbers: Intl.NumberFormat;
}

const named = (values: string[]) => values.map((value) => ({ value, label: value }));

/** Search, the company, group, customer and country choices, favourites only; and cards or rows. */
export function FilterBar({ filters, onChange, view, onViewChange, shown, total, numbers }: FilterBarProps) {
  const { t } = useTranslation();
  const options = useFilterOptions().data;
  // What is typed, and the search it was typed over: once the filters change otherwise (cleared), it goes.
  const [typed, setTyped] = useState({ text: filters.search, over: filters.search });
  const search = typed.over === filters.search ? typed.text : filters.search;

  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => onChange({ ...filters, search }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  const choose = (change: Partial<HomeFilters>) => onChange({ ...filters, ...change });
  const groups = (options?.groups ?? []).filter(
    (group) => filters.company === undefined || group.company_id === filters.company,
  );
  const select = (placeholder: string, testId: string) => ({
    allowClear: true,
    showSearch: { optionFilterProp: 'label' },
    placeholder,
    className: 'mw-home-select',
    popupMatchSelectWidth: false,
    'data-testid': testId,
  });

  return (
    <div className="mw-home-filters">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('home.search')}
        value={search}
        onChange={(event) => setTyped({ text: event.target.value, over: filters.search })}
        className="mw-home-search"
        data-testid="home-search"
      />
      <Select
        {...select(t('home.company'), 'filter-company')}
        value={filters.company}
        options={options?.companies.map(({ id, name }) => ({ value: id, label: name }))}
        onChange={(company?: number) => choose({ company, group: undefined })}
      />
      <Select
        {...select(t('home.group'), 'filter-group')}
        value={filters.group}
        options={groups.map(({ id, name }) => ({ value: id, label: name }))}
        onChange={(group?: number) => choose({ group })}
      />
      <Select
        {...select(t('home.customer'), 'filter-customer')}
        value={filters.customer}
        options={named(options?.customers ?? [])}
        onChange={(customer?: string) => choose({ customer })}
      />
      <Select
        {...select(t('home.country'), 'filter-country')}
        value={filters.country}
        options={named(options?.countries ?? [])}
        onChange={(country?: string) => choose({ country })}
      />
      <Button
        icon={<StarFilled />}
        type={filters.favourite ? 'primary' : 'default'}
        aria-pressed={filters.favourite}
        onClick={() => choose({ favourite: !filters.favourite })}
        data-testid="filter-favourite"
      >
        {t('home.favourites')}
      </Button>
      {isFiltered(filters) ? (
        <Button type="link" onClick={() => onChange(NO_FILTERS)} data-testid="filter-clear">
          {t('home.clearFilters')}
        </Button>
      ) : null}
      <span className="mw-home-filters-end">
        <span className="mw-home-shown" data-testid="home-shown">
          {t('home.shown', { shown: numbers.format(shown), total: numbers.format(total) })}
        </span>
        <Segmented<ListView>
          value={view}
          onChange={onViewChange}
          aria-label={t('home.view.label')}
          options={[
            {
              value: 'cards',
              tooltip: t('home.view.cards'),
              label: <AppstoreOutlined aria-label={t('home.view.cards')} data-testid="view-cards" />,
            },
            {
              value: 'rows',
              tooltip: t('home.view.rows'),
              label: <BarsOutlined aria-label={t('home.view.rows')} data-testid="view-rows" />,
            },
          ]}
        />
      </span>
    </div>
  );
}
