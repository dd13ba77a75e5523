import { createTheme, defaultDarkModeOverride } from '@aws-amplify/ui-react';

/** Spec §1: the theme is always dark. Amplify only darkens with the dark-mode override in the theme. */
export const darkTheme = createTheme({ name: 'tradebridge-dark', overrides: [defaultDarkModeOverride] });
export const COLOR_MODE = 'dark';
