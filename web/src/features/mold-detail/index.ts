export { DETAIL_SCREENS } from './components/DetailScreens';
export type { DetailViewId } from './views';
