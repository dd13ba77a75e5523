import { COLOR_MODE, darkTheme } from '../theme';

/**
 * Amplify puts the theme attributes on its own wrapper; putting them on <html> as well makes the
 * theme's variables reach <body>, so the whole page (not only the React tree) is dark.
 */
export function applyDocumentTheme(root: HTMLElement = document.documentElement): void {
  root.setAttribute('data-amplify-theme', darkTheme.name);
  root.setAttribute('data-amplify-color-mode', COLOR_MODE);
}
