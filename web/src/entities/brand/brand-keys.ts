/** Query keys of the request host's brand (read before login, refreshed after a LOGO or ORG save). */
export const brandKeys = {
  all: ['brand'] as const,
  current: () => [...brandKeys.all, 'current'] as const,
};
