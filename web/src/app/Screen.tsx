import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedBoundary } from '../components/LoadFailedBoundary';
import { PageSpinner } from '../components/PageSpinner';
import type { ScreenDefinition } from './screens';

/** A screen of the route table, loaded on demand, titled in the interface language. */
export function Screen({ definition }: { definition: ScreenDefinition }): ReactNode {
  const { t } = useTranslation();
  const Component = definition.component;
  return (
    <LoadFailedBoundary>
      <Suspense fallback={<PageSpinner />}>
        <Component title={t(`screens.${definition.title}`)} />
      </Suspense>
    </LoadFailedBoundary>
  );
}
