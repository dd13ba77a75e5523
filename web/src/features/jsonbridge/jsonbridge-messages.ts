import type { RefreshMessages } from '@/components/refresh/use-refresh-with-toasts';

/** Spec §8's JSON bridge refresh toasts: read, refused, or no answer at all. */
export const JSON_BRIDGE_REFRESH_MESSAGES: RefreshMessages = {
  success: 'Json Bridge data refreshed successfully',
  failure: 'Failed to fetch JSON Bridge data',
  error: 'Error while fetching JSON Bridge data',
};

/** Spec §8's copy toast. */
export const COPIED_MESSAGE = 'Copied successfully!';
export const COPY_FAILED_MESSAGE = 'The browser did not allow copying: select the text and copy it yourself.';
