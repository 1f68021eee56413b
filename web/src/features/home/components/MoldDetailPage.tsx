import { ArrowLeftOutlined, EnvironmentOutlined, LineChartOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Empty, Progress, Result, Tag, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { MenuId, RAW_RETENTION_DAYS, ResponseCode, type MaintenanceStatus } from '@mouldwatch/shared';
import type { en } from '../../../i18n/en';
import { SkeletonRows } from '../../../components/SkeletonRows';
import { ApiError } from '../../../lib/api-client';
import { MOLD_ID_PARAM } from '../../../lib/screen';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time';
import { useMouldFacts, type MouldFacts } from '../api/getMouldFacts';
import { useWatchedMoulds } from '../live';
import { useSetFavourite } from '../api/setFavourite';
import {
  Connection,
  CycleTime,
  FavouriteStar,
  PmRemaining,
  StateTag,
  useDisplayContext,
  type DisplayContext,
} from './MouldFigures';
import '../home.css';

const HOME_PATH = '/index';

type FactKey = keyof (typeof en)['home']['detail']['fields'];

/**
 * The mould chosen on the home screen: the spec's displayed facts, and the way to its charts. The
 * address names the mould (`?mold_id=`), so a reload or a link sent to a colleague opens the same
 * one; without it, the session's selection is written into the address.
 */
export function MoldDetailPage() {
  const selected = useSession((state) => state.homeSelectMoldId);
  const select = useSession((state) => state.setHomeSelectMold);
  const [params, setParams] = useSearchParams();
  const named = params.get(MOLD_ID_PARAM);
  const linked = moldIdParam(named);
  useEffect(() => {
    if (linked !== null && linked !== selected) select(null, linked);
    else if (named === null && selected !== null) setParams({ [MOLD_ID_PARAM]: String(selected) }, { replace: true });
  }, [named, linked, selected, select, setParams]);
  // An address naming no mould (`?mold_id=abc`) asks for a choice rather than showing another one.
  const moldId = linked ?? (named === null ? selected : null);
  return moldId === null ? <NoSelection /> : <MouldFactsPage key={moldId} moldId={moldId} />;
}

const moldIdParam = (text: string | null) => {
  const id = Number(text);
  return text !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
};

function NoSelection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Empty className="mw-home-panel mw-home-empty" description={t('home.detail.noSelection')} data-testid="facts-none">
      <Button type="primary" onClick={() => navigate(HOME_PATH)}>
        {t('home.detail.goHome')}
      </Button>
    </Empty>
  );
}

function MouldFactsPage({ moldId }: { moldId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const facts = useMouldFacts(moldId);
  useWatchedMoulds([moldId]);
  const favourite = useSetFavourite();
  const display = useDisplayContext();
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(HOME_PATH)} data-testid="facts-back">
      {t('home.detail.back')}
    </Button>
  );
  if (facts.isPending) return <SkeletonRows rows={10} className="mw-home-panel" />;
  if (facts.isError && facts.error instanceof ApiError && facts.error.code === ResponseCode.forbidden) {
    return (
      <Result
        status="403"
        title={t('home.detail.forbidden')}
        extra={back}
        className="mw-home-panel"
        data-testid="facts-forbidden"
      />
    );
  }
  if (facts.isError) {
    return (
      <Result
        status="warning"
        title={t('home.detail.loadFailed')}
        extra={
          <>
            {back}
            <Button onClick={() => void facts.refetch()}>{t('home.retry')}</Button>
          </>
        }
        className="mw-home-panel"
      />
    );
  }
  const mould = facts.data;
  return (
    <div className="mw-home-facts" data-testid="mould-facts">
      <div className="mw-home-panel mw-home-facts-head">
        {back}
        <span className="mw-home-facts-title">
          <span className="mw-home-facts-name" data-testid="facts-name">
            {mould.name}
          </span>
          <span className="mw-home-sub">{mould.mold_number}</span>
        </span>
        <StateTag state={mould.state} display={display} />
        <Connection online={mould.online} display={display} />
        <FavouriteStar
          favourite={mould.favourite}
          onToggle={() => favourite.mutate({ moldId: mould.id, favourite: !mould.favourite })}
          display={display}
        />
        <ChartLinks />
      </div>
      <div className="mw-home-facts-body">
        <FactSections mould={mould} display={display} />
        <MouldImage src={mould.mold_image} />
      </div>
    </div>
  );
}

/** The detail views the user's menu grants, in menu order. */
function ChartLinks() {
  const navigate = useNavigate();
  const menu = useSession((state) => state.menu) ?? [];
  const views = menu
    .filter((entry) => entry.parent === MenuId.detail && entry.menuPermission.includes('view'))
    .sort((a, b) => a.sort - b.sort);
  return (
    <span className="mw-home-facts-links">
      {views.map((view) => (
        <Button key={view.id} size="small" icon={<LineChartOutlined />} onClick={() => navigate(view.path)}>
          {view.name}
        </Button>
      ))}
    </span>
  );
}

function MouldImage({ src }: { src: string }) {
  const { t } = useTranslation();
  return (
    <div className="mw-home-panel mw-home-facts-image">
      <h3 className="mw-home-facts-section">{t('home.detail.fields.image')}</h3>
      {src ? (
        <img src={src} alt={t('home.detail.fields.image')} data-testid="facts-image" />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.detail.noImage')} />
      )}
    </div>
  );
}

function FactSections({ mould, display }: { mould: MouldFacts; display: DisplayContext }) {
  const { t } = useTranslation();
  const dash = '—';
  const count = (value: number | null) => (value === null ? dash : display.numbers.format(value));
  const time = (value: number | null) =>
    value === null ? dash : formatDateTime(value, display.timeZone, display.language);
  const section = (title: string, items: Array<[FactKey, ReactNode]>) => (
    <section className="mw-home-panel">
      <h3 className="mw-home-facts-section">{title}</h3>
      <dl className="mw-home-facts-grid">
        {items.map(([key, value]) => (
          <div key={key} className="mw-home-fact">
            <dt>{t(`home.detail.fields.${key}`)}</dt>
            <dd data-testid={`fact-${key}`}>{value || dash}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
  return (
    <div className="mw-home-facts-sections">
      {section(t('home.detail.sections.mould'), [
        ['mouldNo', mould.mold_number],
        ['projectName', mould.project_name],
        ['partId', mould.part_id],
        ['serialNumber', mould.device_no],
        ['equipmentNo', mould.oem_id],
        ['company', [mould.company, mould.group].filter(Boolean).join(' · ')],
        ['customer', mould.customer],
        ['country', mould.country],
      ])}
      {section(t('home.detail.sections.production'), [
        ['startCount', count(mould.start_count)],
        ['lastCount', count(mould.counter)],
        ['pm', <PmRemaining key="pm" cycles={mould.cycles_until_pm} display={display} />],
        ['maintStatus', <MaintenanceStatusTag key="maintStatus" status={mould.maint_status} />],
        ['average', <CycleAverage key="average" mould={mould} display={display} />],
        ['stopToday', <Duration key="stop" seconds={mould.stop_seconds_today} />],
      ])}
      {section(t('home.detail.sections.dates'), [
        ['activation', time(mould.activation_time)],
        ['created', time(mould.created_time)],
        ['modified', time(mould.modified_time)],
        ['lastConnect', time(mould.last_connect_time)],
      ])}
      {section(t('home.detail.sections.device'), [
        ['location', <Location key="location" location={mould.location} />],
        ['battery', <Battery key="battery" level={mould.battery} />],
        ...(mould.too_old
          ? [['tooOld', <TooOld key="tooOld" tooOld={mould.too_old} display={display} />] as [FactKey, ReactNode]]
          : []),
      ])}
    </div>
  );
}

function CycleAverage({ mould, display }: { mould: MouldFacts; display: DisplayContext }) {
  const { average_cycle_time: average, averaged_cycles: cycles, target_cycle_time: target } = mould;
  return (
    <>
      <CycleTime actual={average} target={target} display={display} digits={2} />
      {average === null ? null : (
        <span className="mw-home-muted">{` · ${display.t('home.detail.sample', { cycles: String(cycles) })}`}</span>
      )}
    </>
  );
}

function Duration({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const minutes = Math.round(seconds / 60);
  return <>{t('home.detail.duration', { hours: String(Math.floor(minutes / 60)), minutes: String(minutes % 60) })}</>;
}

function Location({ location }: { location: MouldFacts['location'] }) {
  const { t } = useTranslation();
  if (!location) return '—';
  return (
    <span>
      <EnvironmentOutlined /> {location.lat.toFixed(5)}, {location.lng.toFixed(5)}{' '}
      <span className="mw-home-muted">({t('home.detail.gps')})</span>
    </span>
  );
}

/**
 * Readings the device sent older than the raw retention: stored, but no history or report counts them
 * (issue 25). Shown only when there were some.
 */
function TooOld({ tooOld, display }: { tooOld: NonNullable<MouldFacts['too_old']>; display: DisplayContext }) {
  const { t } = useTranslation();
  const time = (value: number) => formatDateTime(value, display.timeZone, display.language);
  return (
    <span className="mw-home-too-old" data-testid="facts-too-old">
      <Typography.Text type="warning">
        <WarningOutlined /> {t('home.detail.tooOld', { count: tooOld.count, days: String(RAW_RETENTION_DAYS) })}
      </Typography.Text>
      <br />
      <span className="mw-home-muted">
        {t('home.detail.tooOldTimes', { oldest: time(tooOld.oldest_ts), last: time(tooOld.last_received_at) })}
      </span>
    </span>
  );
}

/** Spec §4's maintenance statuses, coloured as the maintenance schedule shows them. */
const MAINTENANCE_STATUS_COLOURS: Record<MaintenanceStatus, string> = {
  normal: 'success',
  warning: 'warning',
  exceeded: 'error',
};

function MaintenanceStatusTag({ status }: { status: MaintenanceStatus | null }) {
  const { t } = useTranslation();
  if (status === null) return '—';
  return <Tag color={MAINTENANCE_STATUS_COLOURS[status]}>{t(`home.detail.maintStatuses.${status}`)}</Tag>;
}

function Battery({ level }: { level: number | null }) {
  if (level === null) return '—';
  return (
    <Progress
      percent={Math.round(level)}
      size="small"
      className="mw-home-battery"
      status={level < 20 ? 'exception' : 'normal'}
    />
  );
}
