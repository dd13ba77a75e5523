import { cleanup, render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../../web/src/app/providers';
import { AppRoutes } from '../../../web/src/app/routing/app-routes';

/** Renders the real providers and route table at a path (relative to /platform). */
export function renderApp(path: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** Between tests: unmount, forget storage and undo global stubs. */
export function resetWebTestState(): void {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
}
