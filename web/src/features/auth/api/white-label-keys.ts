/** Query keys of the white-label images of the request host. */
export const whiteLabelKeys = {
  all: ['white-label-images'] as const,
  current: () => [...whiteLabelKeys.all, 'current'] as const,
};
