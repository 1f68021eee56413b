import { ConfigProvider } from 'antd';
import { antdLocale, currentLanguage } from '../i18n';
import { THEME } from './theme';

// antd's static popups render in roots of their own: give them the console's theme and language.
// Imported by each popup kind's host, so whichever loads first sets it.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider theme={THEME} locale={antdLocale(currentLanguage())}>
      {children}
    </ConfigProvider>
  ),
});
