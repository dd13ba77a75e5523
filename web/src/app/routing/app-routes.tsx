import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PageLoader } from '../page-loader';
import { GatedRoute } from './gated-route';
import { AppShell } from './lazy-screens';
import { ProtectedRoute } from './protected-route';
import { RouteErrorBoundary } from './route-error-boundary';
import { APP_ROUTES, type AppRoute, type RouteLayout } from './route-table';

function routesIn(layout: RouteLayout, routes: readonly AppRoute[]) {
  return routes
    .filter((route) => route.layout === layout)
    .map((route) => (
      <Route
        key={route.path}
        path={route.path}
        element={route.gate === 'always' ? route.element : <GatedRoute gate={route.gate}>{route.element}</GatedRoute>}
      />
    ));
}

/** Renders the route table of spec §2 (paths relative to /platform); unknown paths go to /login. */
export function AppRoutes({ routes = APP_ROUTES }: { routes?: readonly AppRoute[] }) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route index element={<Navigate to={paths.dashboard} replace />} />
          {routesIn('public', routes)}
          <Route element={<ProtectedRoute />}>
            {routesIn('bare', routes)}
            <Route element={<AppShell />}>{routesIn('shell', routes)}</Route>
          </Route>
          <Route path="*" element={<Navigate to={paths.login} replace />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
