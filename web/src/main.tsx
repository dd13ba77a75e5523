import '@aws-amplify/ui-react/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { adoptQueryToken } from './app/boot/adopt-query-token';
import { applyDocumentTheme } from './app/boot/apply-document-theme';
import { loadBrand } from './app/boot/load-brand';
import { loadRuntimeConfig } from './app/boot/load-runtime-config';
import { unregisterServiceWorkers } from './app/boot/unregister-service-workers';
import { setRuntimeConfig } from './lib/runtime-config';

async function start(rootElement: HTMLElement): Promise<void> {
  applyDocumentTheme();
  adoptQueryToken();
  const [config] = await Promise.all([loadRuntimeConfig(), unregisterServiceWorkers()]);
  setRuntimeConfig(config);
  await loadBrand();
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
void start(rootElement);
