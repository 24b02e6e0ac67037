// The gate of docs/product.md §2.1: without the stored flag and e-mail, clear them and go to / with
// nothing rendered (history replaced).
import { Navigate, Outlet } from 'react-router';
import { paths } from '../lib/paths';
import { clearSession, isAuthenticated } from '../lib/storage';

export function RequireAuth() {
  if (!isAuthenticated()) {
    clearSession();
    return <Navigate to={paths.welcome} replace />;
  }
  return <Outlet />;
}
