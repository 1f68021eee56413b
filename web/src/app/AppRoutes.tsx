import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import { LoginPage } from '../features/session';
import { serverText } from '../i18n';
import { toast } from '../lib/feedback';
import { getToken } from '../lib/token';
import { LOGIN_PATH, decideEntry } from './guard';
import { previousAppPath } from './navigation';
import { Screen } from './Screen';
import { PUBLIC_SCREENS } from './screens';

/** The logged-in console loads after the login page, in a chunk of its own. */
const ConsoleRoot = lazy(() => import('./ConsoleRoot'));

/** The route table of spec §2: public pages, then the logged-in console built from the menu. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={LOGIN_PATH} element={<LoginRoute />} />
      {Object.entries(PUBLIC_SCREENS).map(([path, definition]) => (
        <Route key={path} path={path} element={<Screen definition={definition} />} />
      ))}
      <Route
        path="*"
        element={
          <Suspense fallback={<PageSpinner fullScreen />}>
            <ConsoleRoot />
          </Suspense>
        }
      />
    </Routes>
  );
}

/** With a token, /login shows error 20287 and goes back to where the user was. */
function LoginRoute() {
  const decision = decideEntry(LOGIN_PATH, Boolean(getToken()), previousAppPath());
  const alreadyLoggedIn = decision.kind === 'alreadyLoggedIn';
  useEffect(() => {
    if (alreadyLoggedIn) toast.error(serverText('20287'));
  }, [alreadyLoggedIn]);
  if (decision.kind === 'alreadyLoggedIn') return <Navigate to={decision.to} replace />;
  return (
    <Suspense fallback={<PageSpinner fullScreen />}>
      <LoginPage />
    </Suspense>
  );
}
