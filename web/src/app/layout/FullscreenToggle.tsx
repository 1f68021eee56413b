import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';

/** Browser full screen for shop-floor displays; the flag follows the browser's own state. */
export function FullscreenToggle({ withLabel = false }: { withLabel?: boolean }) {
  const { t } = useTranslation();
  const fullscreen = useSession((state) => state.fullscreenFlag);
  const setFullscreenFlag = useSession((state) => state.setFullscreenFlag);

  useEffect(() => {
    const sync = () => setFullscreenFlag(document.fullscreenElement !== null);
    sync();
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [setFullscreenFlag]);

  const toggle = () => {
    const change = document.fullscreenElement
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    change.catch(() => undefined);
  };

  const label = fullscreen ? t('header.exitFullscreen') : t('header.enterFullscreen');
  return (
    <Button
      type="text"
      className={withLabel ? 'mw-header-menu-item' : 'mw-header-button'}
      block={withLabel}
      title={withLabel ? undefined : label}
      aria-label={withLabel ? undefined : label}
      icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={toggle}
      data-testid="fullscreen-toggle"
    >
      {withLabel ? label : null}
    </Button>
  );
}
