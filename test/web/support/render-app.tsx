import { cleanup, render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '../../../web/src/app/providers';
import { AppRoutes } from '../../../web/src/app/routing/app-routes';

/** Renders the real providers and route table at a path (relative to /platform). */
export function renderApp(path: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <CurrentPath />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** Shows the router's current path, so tests can see where a redirect ended. */
function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}

/** Between tests: unmount, forget storage and undo global stubs. */
export function resetWebTestState(): void {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
}
