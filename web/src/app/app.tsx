import { BrowserRouter } from 'react-router-dom';
import { ROUTER_BASENAME } from '../config/paths';
import { AppProviders } from './providers';
import { AppRoutes } from './routing/app-routes';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter basename={ROUTER_BASENAME}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
