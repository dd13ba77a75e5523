import { Text } from '@aws-amplify/ui-react';
import { absoluteAppUrl, paths } from '@/config/paths';

/**
 * The URL a redirect broker sends the user back to. The server builds the same one from the host the
 * request came to, so it must be registered, exactly, as the redirect URL of the user's broker app.
 */
export function brokerRedirectUrl(origin = window.location.origin): string {
  return `${origin}${absoluteAppUrl(paths.dematConnected)}`;
}

export function RedirectUrlNote({ brokerName }: { brokerName: string }) {
  const url = brokerRedirectUrl();
  return (
    <Text variation="secondary" className="connect-dialog__redirect">
      Register this redirect URL in your {brokerName} app: <code>{url}</code>
    </Text>
  );
}
