import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@shared/domain/constants';

/** Spec §2 and §9: the mobile layout applies at 425 px or less. */
const PHONE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** The query's list, or null where the browser has none (jsdom in tests): the wide layout then applies. */
function phoneQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = phoneQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const isPhone = (): boolean => phoneQuery()?.matches ?? false;

/** True while the window is phone-sized (≤ 425 px); follows the window as it is resized or turned. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
