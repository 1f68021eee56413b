import type { ComponentType } from 'react';
import { DETAIL_VIEWS, type DetailViewId } from '../views';
import { DetailScreen } from './DetailScreen';

/** A screen of the route table; the header already shows the title it is given. */
export type DetailScreenComponent = ComponentType<{ title: string }>;

/** The six detail screens, one per view, each on the shared skeleton. */
export const DETAIL_SCREENS = Object.fromEntries(
  Object.values(DETAIL_VIEWS).map((view): [DetailViewId, DetailScreenComponent] => [
    view.id,
    function DetailViewScreen() {
      return <DetailScreen view={view} />;
    },
  ]),
) as Record<DetailViewId, DetailScreenComponent>;
