import { AppstoreOutlined, BarsOutlined, DragOutlined, SearchOutlined, StarFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/TextInput';
import { ToggleGroup } from '../../../components/ToggleGroup';
import { useFilterOptions } from '../api/getFilterOptions';
import { NO_FILTERS, isFiltered, type HomeFilters } from '../model/filters';
import { FilterSelect } from './FilterSelect';
import type { ListView } from './MouldItem';
import { preloadSortableParts } from './useSortableParts';

/** The search is sent once typing pauses this long. */
const SEARCH_PAUSE_MS = 300;

interface FilterBarProps {
  filters: HomeFilters;
  onChange(filters: HomeFilters): void;
  view: ListView;
  onViewChange(view: ListView): void;
  /** Reordering by drag and drop: on, its module loaded, switched. */
  reorder: { on: boolean; ready: boolean; onChange(on: boolean): void };
  shown: number;
  total: number;
  numbers: Intl.NumberFormat;
}

const named = (values: string[]) => values.map((value) => ({ value, label: value }));

/** Search; the company, group, customer and country choices; favourites only; reordering; cards or rows. */
export function FilterBar({ filters, onChange, view, onViewChange, reorder, shown, total, numbers }: FilterBarProps) {
  const { t } = useTranslation();
  const options = useFilterOptions().data;
  // What is typed and not yet searched for, and the search it was typed over: it goes once searched
  // for, cleared, or once the search changes otherwise. (Kept after its search, it came back when
  // Clear filters set the search to what it had been typed over.)
  const [typed, setTyped] = useState<{ text: string; over: string } | null>(null);
  const search = typed && typed.over === filters.search ? typed.text : filters.search;

  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => {
      setTyped(null);
      onChange({ ...filters, search });
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  const clearAll = () => {
    setTyped(null);
    onChange(NO_FILTERS);
  };

  const choose = (change: Partial<HomeFilters>) => onChange({ ...filters, ...change });
  const groups = (options?.groups ?? []).filter(
    (group) => filters.company === undefined || group.company_id === filters.company,
  );

  return (
    <div className="mw-home-filters">
      <TextInput
        prefix={<SearchOutlined />}
        placeholder={t('home.search')}
        value={search}
        onChange={(event) => setTyped({ text: event.target.value, over: filters.search })}
        onClear={{ label: t('home.clearSearch'), clear: () => setTyped({ text: '', over: filters.search }) }}
        className="mw-home-search"
        data-testid="home-search"
      />
      <FilterSelect
        placeholder={t('home.company')}
        data-testid="filter-company"
        value={filters.company}
        options={options?.companies.map(({ id, name }) => ({ value: id, label: name })) ?? []}
        onChange={(company) => choose({ company, group: undefined })}
      />
      <FilterSelect
        placeholder={t('home.group')}
        data-testid="filter-group"
        value={filters.group}
        options={groups.map(({ id, name }) => ({ value: id, label: name }))}
        onChange={(group) => choose({ group })}
      />
      <FilterSelect
        placeholder={t('home.customer')}
        data-testid="filter-customer"
        value={filters.customer}
        options={named(options?.customers ?? [])}
        onChange={(customer) => choose({ customer })}
      />
      <FilterSelect
        placeholder={t('home.country')}
        data-testid="filter-country"
        value={filters.country}
        options={named(options?.countries ?? [])}
        onChange={(country) => choose({ country })}
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
        <Button type="link" onClick={clearAll} data-testid="filter-clear">
          {t('home.clearFilters')}
        </Button>
      ) : null}
      <span className="mw-home-filters-end">
        <span className="mw-home-shown" data-testid="home-shown">
          {t('home.shown', { shown: numbers.format(shown), total: numbers.format(total) })}
        </span>
        <Button
          icon={<DragOutlined />}
          type={reorder.on ? 'primary' : 'default'}
          title={t('home.reorder')}
          aria-label={t('home.reorder')}
          aria-pressed={reorder.on}
          loading={reorder.on && !reorder.ready}
          onPointerEnter={preloadSortableParts}
          onFocus={preloadSortableParts}
          onClick={() => reorder.onChange(!reorder.on)}
          data-testid="reorder-toggle"
        />
        <ToggleGroup<ListView>
          value={view}
          onChange={onViewChange}
          label={t('home.view.label')}
          options={[
            { value: 'cards', title: t('home.view.cards'), label: <AppstoreOutlined data-testid="view-cards" /> },
            { value: 'rows', title: t('home.view.rows'), label: <BarsOutlined data-testid="view-rows" /> },
          ]}
        />
      </span>
    </div>
  );
}
