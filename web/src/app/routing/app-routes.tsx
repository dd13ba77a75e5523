import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '../../config/paths';
import { PageLoader } from '../page-loader';
import { AppShell, AuthScreen, DashboardScreen } from './lazy-screens';
import { ProtectedRoute } from './protected-route';
import { RouteErrorBoundary } from './route-error-boundary';

/** The route table of spec §2 (only the screens that exist so far). Paths are relative to /platform. */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route index element={<Navigate to={paths.dashboard} replace />} />
          <Route path={paths.login} element={<AuthScreen mode="LOGIN" />} />
          <Route element={<ProtectedRoute />}>
            <Route element={<AppShell />}>
              <Route path={paths.dashboard} element={<DashboardScreen />} />
            </Route>
          </Route>
          <Route path="*" element={<Navigate to={paths.login} replace />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
