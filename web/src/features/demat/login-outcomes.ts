/** Brokers send the user back with `status`; anything but success (or none) means the login did not finish. */
export const LOGIN_OUTCOMES = {
  success: {
    title: 'Broker connected',
    text: "You are back from the broker's login page. Your account's status shows on the Demat page.",
  },
  failure: {
    title: 'Broker login did not finish',
    text: 'The broker reported that the login was not completed. Connect the account again from the Demat page.',
  },
} as const;

export type LoginOutcome = keyof typeof LOGIN_OUTCOMES;

export function loginOutcomeOf(status: string | null): LoginOutcome {
  return status === null || status === 'success' ? 'success' : 'failure';
}
