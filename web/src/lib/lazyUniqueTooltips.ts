import { lazy } from 'react';

/**
 * antd's ConfigProvider wraps the page in the tooltips' UniqueProvider only when `tooltip.unique`
 * is set (never here), yet imports it, and the popup engine with it, into every screen. The build
 * gives ConfigProvider this in its place (web/vite.config.ts): the same provider, loaded when drawn.
 */
export default lazy(() => import('antd/es/tooltip/UniqueProvider'));
