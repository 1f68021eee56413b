import { Button } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function LoadFailedNotice({ fullScreen }: { fullScreen: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={fullScreen ? 'mw-spinner mw-spinner-full' : 'mw-spinner'} role="alert" data-testid="load-failed">
      <div className="mw-spinner-label">{t('common.loadFailed')}</div>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </div>
  );
}

interface LoadFailedBoundaryProps {
  children: ReactNode;
  fullScreen?: boolean;
}

/**
 * Parts of the console load when first shown; if one cannot (the network dropped, or a new version
 * replaced its file), this says so with a reload instead of leaving an empty page.
 */
export class LoadFailedBoundary extends Component<LoadFailedBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? <LoadFailedNotice fullScreen={this.props.fullScreen ?? false} /> : this.props.children;
  }
}
