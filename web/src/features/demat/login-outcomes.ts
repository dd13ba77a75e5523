import type { BrokerRedirect } from './broker-redirect';

interface LoginOutcomeText {
  title: string;
  text: string;
}

/** What /dematconnected says at each point of a broker's login redirect. */
export const LOGIN_OUTCOMES = {
  completing: {
    title: 'Finishing your broker login…',
    text: 'The login token from the broker is being exchanged for a trading session. This takes a moment.',
  },
  success: {
    title: 'Broker connected',
    text: "You are back from the broker's login page. Your account's status shows on the Demat page.",
  },
  failure: {
    title: 'Broker login did not finish',
    text: 'The broker reported that the login was not completed. Connect the account again from the Demat page.',
  },
} as const satisfies Record<string, LoginOutcomeText>;

export type LoginOutcome = keyof typeof LOGIN_OUTCOMES;

/** The outcome to show for the redirect and, when a token was handed over, how that went. */
export function loginOutcomeOf(redirect: BrokerRedirect, completion: { isPending: boolean; isError: boolean }): LoginOutcome {
  if (redirect.kind === 'failed' || completion.isError) return 'failure';
  if (redirect.kind === 'token' || completion.isPending) return 'completing';
  return 'success';
}
