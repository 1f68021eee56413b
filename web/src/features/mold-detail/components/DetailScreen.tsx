import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession, type SelectedMould } from '../../../lib/session';
import { useMould } from '../api/getMould';
import { useLiveUpdates } from '../data/useLiveUpdates';
import { useViewContext } from '../data/useViewContext';
import type { DetailView } from '../views';
import { ChannelPicker } from './ChannelPicker';
import { HistoryPane } from './HistoryPane';
import { MouldHeader } from './MouldHeader';
import { NoMouldSelected } from './NoMouldSelected';
import { RealtimePane } from './RealtimePane';
import { ThermocoupleSwitch } from './ThermocoupleSwitch';
import '../moldDetail.css';

type Tab = 'realtime' | 'history';

/** The name and number the home screen's selection carries, shown until the mould's facts arrive. */
function knownMould(selected: SelectedMould | null) {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { name: text(selected?.name), mold_number: text(selected?.mold_number) };
}

/** A detail screen of the mould chosen on the home screen, or the way back to choose one. */
export function DetailScreen({ view }: { view: DetailView }) {
  const moldId = useSession((state) => state.homeSelectMoldId);
  if (moldId === null) return <NoMouldSelected />;
  return <MouldDetail key={moldId} view={view} moldId={moldId} />;
}

function MouldDetail({ view, moldId }: { view: DetailView; moldId: number }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('realtime');
  const known = knownMould(useSession((state) => state.homeSelectMold));
  const facts = useMould(moldId).data;
  const { context } = useViewContext(view, moldId, 'realtime');
  useLiveUpdates(view, moldId, tab === 'realtime');

  return (
    <div className="mw-detail" data-testid={`detail-${view.id}`}>
      <MouldHeader known={known} facts={facts} />
      <Tabs
        className="mw-detail-tabs"
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        destroyOnHidden
        tabBarExtraContent={
          view.channelSection ? (
            <span className="mw-detail-tab-tools">
              <ThermocoupleSwitch moldId={moldId} />
              <ChannelPicker section={view.channelSection} moldId={moldId} context={context} />
            </span>
          ) : null
        }
        items={[
          {
            key: 'realtime',
            label: <span data-testid="tab-realtime">{t('moldDetail.realtime')}</span>,
            children: <RealtimePane view={view} moldId={moldId} />,
          },
          {
            key: 'history',
            label: <span data-testid="tab-history">{t('moldDetail.history')}</span>,
            children: <HistoryPane view={view} moldId={moldId} />,
          },
        ]}
      />
    </div>
  );
}
