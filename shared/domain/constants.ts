/** Business constants of spec §9, defined once for the API, the SPA and the infrastructure. */
export const APP_VERSION = 'v4.5.46';
export const WEB_BASE_PATH = '/platform/';
export const API_BASE_PATH = '/api/v4';
export const REALTIME_PATH = `${API_BASE_PATH}/ws`;
/** Uploaded files (profile pictures, white-label images): S3 behind CloudFront, a folder locally. */
export const FILES_BASE_PATH = '/files/';

export const TOAST_AUTO_HIDE_MS = 3_000;
export const MOBILE_BREAKPOINT_PX = 425;
export const SIDEBAR_COLLAPSE_BREAKPOINT_PX = 1_000;
export const SUBMENU_ANIMATION_MS = 300;

export const DEFAULT_HISTORY_RANGE_DAYS = 30;
export const DATE_FORMATS = {
  payload: 'yyyy-MM-dd',
  display: 'dd-MM-yyyy',
  dateTime: 'yyyy-MM-dd HH:mm:ss',
  time: 'HH:mm:ss',
} as const;
export const MARKET_TIME_ZONE = 'Asia/Kolkata';

/** Numbers shorten to K, M, B from these thresholds, with one decimal. */
export const NUMBER_ABBREVIATIONS = [
  { threshold: 1e9, suffix: 'B' },
  { threshold: 1e6, suffix: 'M' },
  { threshold: 1e3, suffix: 'K' },
] as const;

export const PROCESSING_PROGRESS_MS = 60_000;
export const LOCAL_STORAGE_USER_PREFIX = 'adu_';
export const MIN_PASSWORD_LENGTH = 6;
export const NOTIFICATION_DROPDOWN_SIZE = 5;
export const CANDLE_TIMEFRAMES_MINUTES = [1, 2, 3, 5, 10, 15, 30, 60] as const;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Request limits enforced by every route group. */
export const MAX_REQUEST_BODY_BYTES = 256 * 1024;
export const MAX_PAGE_SIZE = 100;

/** The key that names a user everywhere: AD_{franchise}_{user}. */
export function userUniqueKey(frchId: number, userId: number): string {
  return `AD_${frchId}_${userId}`;
}

export function userStorageKey(frchId: number, userId: number): string {
  return `${LOCAL_STORAGE_USER_PREFIX}${userUniqueKey(frchId, userId)}`;
}
