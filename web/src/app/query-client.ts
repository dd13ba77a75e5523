import { QueryClient } from '@tanstack/react-query';

/** Spec §9: data queries are not retried and do not refetch on window focus; mutations are not retried. */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
