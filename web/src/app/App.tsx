import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { parseLanguage } from '@mouldwatch/shared';
import { LoadFailedBoundary } from '../components/LoadFailedBoundary';
import { antdLocale } from '../i18n';
import { queryClient } from '../lib/queryClient';
import { THEME } from '../lib/theme';
import { AppRoutes } from './AppRoutes';

/** Providers (server state, antd theme and locale) around the router. */
export function App() {
  const { i18n } = useTranslation();
  const language = parseLanguage(i18n.language) ?? 'en';
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale(language)} theme={THEME}>
        <LoadFailedBoundary fullScreen>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </LoadFailedBoundary>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
