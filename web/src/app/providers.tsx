import { ThemeProvider } from '@aws-amplify/ui-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastProvider } from '../components/toast/toast-provider';
import { DocumentBrand } from './document-brand';
import { createAppQueryClient } from './query-client';
import { COLOR_MODE, darkTheme } from './theme';

/** Everything a screen needs around it: the query cache, the dark Amplify theme and toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={darkTheme} colorMode={COLOR_MODE}>
        <ToastProvider>
          <DocumentBrand />
          {children}
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
