import { Navigate, Outlet } from 'react-router-dom';
import { paths } from '@/config/paths';
import { readValidToken } from '@/lib/auth-storage';

/** Screens behind login: without a valid stored token the user goes to /login (spec §2, §4). */
export function ProtectedRoute() {
  return readValidToken() ? <Outlet /> : <Navigate to={paths.login} replace />;
}
