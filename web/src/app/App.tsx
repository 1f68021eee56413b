import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { parseLanguage } from '@mouldwatch/shared';
import { LoadFailedBoundary } from '../components/LoadFailedBoundary';
import { antdLocale } from '../i18n';
import { queryClient } from '../lib/queryClient';
import { TOAST_CONFIG, bindToast } from '../lib/toast';
import { AppRoutes } from './AppRoutes';

const THEME: ThemeConfig = {
  token: { colorPrimary: '#1f6feb', borderRadius: 6, fontSize: 14 },
  components: { Layout: { headerBg: '#ffffff', siderBg: '#0f1f3a' }, Menu: { darkItemBg: '#0f1f3a' } },
};

/** Live alarm popups: at most 3 on screen, the oldest closed first (spec §4). */
const ALARM_POPUPS = { maxCount: 3, placement: 'bottomRight' } as const;

/** Hands antd's themed, localised message instance to the toast helper. */
function ToastBinder() {
  const { message } = AntApp.useApp();
  useEffect(() => bindToast(message), [message]);
  return null;
}

/** Providers (server state, antd theme and locale, toasts) around the router. */
export function App() {
  const { i18n } = useTranslation();
  const language = parseLanguage(i18n.language) ?? 'en';
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale(language)} theme={THEME}>
        <AntApp message={TOAST_CONFIG} notification={ALARM_POPUPS}>
          <ToastBinder />
          <LoadFailedBoundary fullScreen>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </LoadFailedBoundary>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
