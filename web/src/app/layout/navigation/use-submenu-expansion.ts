import { useState } from 'react';

/**
 * A submenu is open while the current path is under it; a click can fold it or open it again. Entering
 * or leaving its paths drops that choice, so the path decides again.
 */
export function useSubmenuExpansion(isUnderMenu: boolean) {
  const [choice, setChoice] = useState<boolean | null>(null);
  const [lastIsUnder, setLastIsUnder] = useState(isUnderMenu);
  if (lastIsUnder !== isUnderMenu) {
    setLastIsUnder(isUnderMenu);
    setChoice(null);
  }
  const isExpanded = choice ?? isUnderMenu;
  return { isExpanded, toggle: () => setChoice(!isExpanded) };
}
