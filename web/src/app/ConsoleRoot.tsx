import { Suspense, lazy, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import type { MenuEntry, RouteEntry } from '@mouldwatch/shared';
import { PageSpinner } from '../components/PageSpinner';
import { serverText } from '../i18n';
import { useSession } from '../lib/session';
import { toast } from '../lib/feedback';
import { getToken } from '../lib/token';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { LOGIN_PATH, decideEntry, decideUnmatched, routesForMenu } from './guard';
import { previousAppPath, rememberAppPath } from './navigation';
import { Screen } from './Screen';
import { screenFor } from './screens';
import { useSessionBootstrap } from './useSessionBootstrap';

/** Shown only for paths no menu registers: it loads when first needed. */
const NotFoundPage = lazy(() =>
  import('../components/NotFoundPage').then((module) => ({ default: module.NotFoundPage })),
);

/** Everything but the public pages: needs a token, then the session (user info and menu). */
export default function ConsoleRoot() {
  const location = useLocation();
  if (decideEntry(location.pathname, Boolean(getToken())).kind === 'toLogin') {
    return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname + location.search }} />;
  }
  return <SessionGate />;
}

function SessionGate() {
  const { t } = useTranslation();
  const menu = useSession((state) => state.menu);
  useSessionBootstrap(menu === null);
  if (menu === null) return <PageSpinner fullScreen label={t('app.loading')} />;
  return <ConsoleRoutes menu={menu} />;
}

/** Routes registered from the user's menu ids; parents redirect to their first child. */
function ConsoleRoutes({ menu }: { menu: MenuEntry[] }) {
  const routes = useMemo(() => routesForMenu(menu), [menu]);
  return (
    <Routes>
      <Route element={<ConsoleLayout menu={menu} routes={routes} />}>
        {routes.map((route) =>
          route.redirect ? (
            <Route key={route.path} path={route.path} element={<Navigate to={route.redirect} replace />} />
          ) : (
            <Route key={route.path} path={route.path} element={<GrantedScreen path={route.path} />} />
          ),
        )}
        <Route path="*" element={<UnmatchedRoute menu={menu} routes={routes} />} />
      </Route>
    </Routes>
  );
}

function GrantedScreen({ path }: { path: string }) {
  const location = useLocation();
  useEffect(() => rememberAppPath(location.pathname + location.search), [location]);
  const definition = screenFor(path);
  return definition ? <Screen definition={definition} /> : <NotFound />;
}

/**
 * A path the menu does not register: `/` without home leads to the first granted page; a page
 * another role could open gives the no-permission toast and returns; an unknown one shows the 404
 * page, without a toast.
 */
function UnmatchedRoute({ menu, routes }: { menu: MenuEntry[]; routes: RouteEntry[] }) {
  const { pathname } = useLocation();
  const decision = decideUnmatched(pathname, menu, routes, previousAppPath());
  const forbidden = decision.kind === 'forbidden';
  useEffect(() => {
    if (forbidden) toast.error(serverText('noPermission'));
  }, [forbidden, pathname]);
  return decision.kind === 'notFound' ? <NotFound /> : <Navigate to={decision.to} replace />;
}

function NotFound() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <NotFoundPage />
    </Suspense>
  );
}
