import { useCallback, useState } from 'react';
import { SIDEBAR_COLLAPSE_BREAKPOINT_PX } from '@shared/domain/constants';

function isNarrowScreen(): boolean {
  return window.innerWidth < SIDEBAR_COLLAPSE_BREAKPOINT_PX;
}

/** Open or collapsed (spec §4); starts open on wide screens, and below 1000 px closes after a navigation click. */
export function useSidebarState() {
  const [isOpen, setIsOpen] = useState(() => !isNarrowScreen());
  const toggle = useCallback(() => setIsOpen((open) => !open), []);
  const close = useCallback(() => setIsOpen(false), []);
  const closeOnNarrowScreen = useCallback(() => {
    if (isNarrowScreen()) setIsOpen(false);
  }, []);
  return { isOpen, toggle, close, closeOnNarrowScreen };
}
