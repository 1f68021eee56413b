import type { ThemeConfig } from 'antd';

/** The console's antd theme: the providers' and the lazily loaded feedback popups'. */
export const THEME: ThemeConfig = {
  token: { colorPrimary: '#1f6feb', borderRadius: 6, fontSize: 14 },
  components: { Layout: { headerBg: '#ffffff', siderBg: '#0f1f3a' }, Menu: { darkItemBg: '#0f1f3a' } },
};
