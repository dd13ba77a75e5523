import type { CatalogBroker } from '@shared/contracts/broker';

/** What each way of logging in means for the user, shown on the catalog and in the connect dialog. */
export const LOGIN_FLOW_HINTS: Readonly<Record<CatalogBroker['login_flow'], string>> = {
  none: 'Connects at once: a simulated exchange for forward testing, no broker login.',
  redirect: "Enter your broker app's credentials, then log in on the broker's own page.",
  credentials: 'Logs in directly with the credentials you enter; they are stored encrypted.',
};

/** A redirect broker whose app your broker registered for you: no app key or secret to enter. */
export const FRANCHISE_APP_HINT = "Your broker's own app is used: log in on the broker's own page to finish.";

/** The connect button's words per flow: a redirect leaves this page. */
export const CONNECT_BUTTON_LABELS: Readonly<Record<CatalogBroker['login_flow'], string>> = {
  none: 'Connect',
  redirect: 'Continue to broker login',
  credentials: 'Connect',
};
