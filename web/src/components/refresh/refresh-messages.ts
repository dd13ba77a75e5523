/** Spec §8: the toasts every refresh ends with. */
export const REFRESH_SUCCESS_MESSAGE = 'Data refreshed successfully!';
export const REFRESH_FAILURE_MESSAGE = 'Error refreshing data. Please try again.';
