import { ClockCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { useSession } from '../../lib/session';
import { timeZoneLabel } from '../../lib/timeZone';

const TimeZoneDialog = lazy(() => import('./TimeZoneDialog'));

/** The header's time zone: its label, and the picker dialog on click. */
export function TimeZonePicker({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const timeZone = useSession((state) => state.timeZone);
  const utcOffset = useSession((state) => state.utcOffset);
  const [open, setOpen] = useState(false);
  const label = timeZoneLabel(currentLanguage(), timeZone, utcOffset);

  return (
    <>
      <Button
        type="text"
        className="mw-header-button"
        icon={<ClockCircleOutlined />}
        onClick={() => setOpen(true)}
        aria-label={t('header.timeZone')}
        title={label}
        data-testid="time-zone-button"
      >
        {compact ? label.replace(/\).*/, ')') : label}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <TimeZoneDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
