import { lazy } from 'react';

export { applyMaintenance, applyMouldStatus } from './live';

/** The home screen and its mould facts child load when first opened. */
export const HomeScreen = lazy(() => import('./components/HomePage').then((module) => ({ default: module.HomePage })));
export const MoldDetailScreen = lazy(() =>
  import('./components/MoldDetailPage').then((module) => ({ default: module.MoldDetailPage })),
);
