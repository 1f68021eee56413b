import { Badge, Tooltip, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { stateColour, type ProductItem, type ProductMouldItem, type SlotState } from '@mouldwatch/shared';
import { ListScreen, usePagedList } from '../../../components/admin';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { currentLanguage, HTML_LANG } from '../../../i18n';
import type { ScreenProps } from '../../../lib/screen';
import { useSession } from '../../../lib/session';
import { getProducts } from '../api/getProducts';
import { REPORTS_KEY } from '../api/keys';
import { periodWindow } from '../model/filters';
import { PeriodFilter } from './PeriodFilter';
import { useReportContext } from './useReportContext';
import '../catalog';
import './reports.css';

const STATES: readonly SlotState[] = ['run', 'idle', 'alarm', 'stop', 'off'];
/** The route of the selected mould's facts, as the home list opens it. */
const MOULD_DETAIL_PATH = '/molddetail';

/** How many of a product's moulds are in each state now: the states that have any, in the home list's colours. */
function StateCounts({ states }: { states: Record<SlotState, number> }) {
  const { t } = useTranslation();
  return (
    <span className="mw-products-states">
      {STATES.filter((state) => states[state] > 0).map((state) => (
        <Badge
          key={state}
          color={stateColour(state)}
          text={`${states[state]} ${t(`home.tiles.${state}`)}`}
          data-testid={`product-state-${state}`}
        />
      ))}
    </span>
  );
}

/** A product's moulds, each a link to its facts (the screen the home list opens). */
function ProductMoulds({ product, numbers }: { product: ProductItem; numbers: Intl.NumberFormat }) {
  const { t } = useFeatureTranslation('reports');
  const { t: tMain } = useTranslation();
  const select = useSession((state) => state.setHomeSelectMold);
  const open = (mould: ProductMouldItem) =>
    select({ id: mould.id, name: mould.name, mold_number: mould.mold_number }, mould.id);
  return (
    <ul className="mw-products-moulds" data-testid="product-moulds">
      {product.moulds.map((mould) => (
        <li key={mould.id}>
          <Link
            to={MOULD_DETAIL_PATH}
            onClick={() => open(mould)}
            aria-label={t('products.openMould', { name: mould.name })}
            data-testid="product-mould-link"
          >
            {mould.name}
          </Link>
          <span className="mw-products-muted">{mould.mold_number}</span>
          {mould.project_name ? <span className="mw-products-muted">{mould.project_name}</span> : null}
          <Badge color={stateColour(mould.state)} text={tMain(`home.states.${mould.state}`)} />
          <span>
            {t('products.shots')} {numbers.format(mould.shots)}
          </span>
          <span>
            {t('products.good')} <strong>{numbers.format(mould.good)}</strong>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * /report/products: the products the caller's moulds make (part IDs with their project names), each
 * with its moulds, their live states, and shots and good parts in the reports' period.
 */
export function ProductListPage({ title }: ScreenProps) {
  const { t } = useFeatureTranslation('reports');
  const { zone, filters } = useReportContext();
  const period = periodWindow(filters, filters.now, zone);
  const list = usePagedList([...REPORTS_KEY, 'products', zone], getProducts, { period });
  const numbers = useMemo(() => new Intl.NumberFormat(HTML_LANG[currentLanguage()]), []);
  const figure = (value: number) => numbers.format(value);

  const columns: TableColumnsType<ProductItem> = [
    {
      title: t('products.partId'),
      key: 'part',
      render: (_, product) =>
        product.part_id ? (
          <strong data-testid="product-part">{product.part_id}</strong>
        ) : (
          <em className="mw-products-muted" data-testid="product-part">
            {t('products.noPartId')}
          </em>
        ),
    },
    { title: t('products.projects'), key: 'projects', render: (_, product) => product.project_names.join(', ') || '—' },
    { title: t('products.moulds'), key: 'moulds', align: 'right', render: (_, product) => product.mould_count },
    { title: t('products.state'), key: 'state', render: (_, product) => <StateCounts states={product.states} /> },
    { title: t('products.shots'), key: 'shots', align: 'right', render: (_, product) => figure(product.shots) },
    {
      title: t('products.reject'),
      key: 'reject',
      align: 'right',
      render: (_, product) =>
        product.rejects_recorded ? (
          figure(product.reject)
        ) : (
          <Tooltip title={t('products.noRejects')}>
            <span className="mw-products-muted">{figure(product.reject)}</span>
          </Tooltip>
        ),
    },
    // The figure the list is read for, pinned at the right (DESIGN §12).
    {
      title: t('products.good'),
      key: 'good',
      align: 'right',
      render: (_, product) => <strong data-testid="product-good">{figure(product.good)}</strong>,
    },
  ];

  return (
    <ListScreen<ProductItem>
      title={title}
      list={list}
      columns={columns}
      rowKey="part_id"
      keyColumn="part"
      figureColumn="good"
      intro={t('products.intro')}
      searchPlaceholder={t('products.search')}
      emptyText={period ? t('products.empty') : t('products.choosePeriod')}
      testId="products"
      filters={<PeriodFilter />}
      expandable={{
        fixed: 'left',
        expandedRowRender: (product) => <ProductMoulds product={product} numbers={numbers} />,
      }}
    />
  );
}
