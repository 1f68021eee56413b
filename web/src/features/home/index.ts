import { lazy } from 'react';

export { applyMaintenance, applyMouldStatus } from './live';
export { useFilterOptions } from './api/getFilterOptions';

/** The home screen and its mould facts child load when first opened. */
export const HomeScreen = lazy(() => import('./components/HomePage').then((module) => ({ default: module.HomePage })));
export const MoldDetailScreen = lazy(() =>
  import('./components/MoldDetailPage').then((module) => ({ default: module.MoldDetailPage })),
);
