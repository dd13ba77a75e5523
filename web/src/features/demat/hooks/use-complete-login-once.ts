import { useEffect, useRef } from 'react';
import { useCompleteBrokerLogin } from '../api/use-complete-broker-login';
import type { BrokerRedirect } from '../broker-redirect';

/**
 * Sends the redirect's token exactly once: the token is single-use at the broker, and React's StrictMode
 * runs effects twice, so the token already sent is remembered and never sent again from this page.
 */
export function useCompleteLoginOnce(redirect: BrokerRedirect, onCompleted: (brokerId: string) => void) {
  const complete = useCompleteBrokerLogin();
  const { mutate } = complete;
  const sentToken = useRef<string | null>(null);
  const token = redirect.kind === 'token' ? redirect.token : null;
  const brokerId = redirect.brokerId;

  useEffect(() => {
    if (token === null || brokerId === null || sentToken.current === token) return;
    sentToken.current = token;
    mutate({ brokerId, token }, { onSuccess: (account) => onCompleted(account.broker_id) });
  }, [token, brokerId, mutate, onCompleted]);

  return complete;
}
