/** Query keys of the ordinary user's Strategies screen. */
export const strategiesKeys = {
  all: ['strategies'] as const,
  available: () => [...strategiesKeys.all, 'available'] as const,
};
