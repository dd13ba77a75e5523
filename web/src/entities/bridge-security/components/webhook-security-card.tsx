import { Button, Card, Flex, Heading, SwitchField, Text } from '@aws-amplify/ui-react';
import { useState, type ChangeEvent } from 'react';
import {
  MAX_SIGNAL_RETRY_WINDOW_SECONDS,
  MAX_SIGNAL_VALIDITY_SECONDS,
  MIN_SIGNAL_VALIDITY_SECONDS,
  type BridgeSecurity,
} from '@shared/contracts/bridge-security';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useToast } from '@/components/toast/use-toast';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format/date-time';
import { useBridgeSecurity } from '../api/use-bridge-security';
import { useUpdateBridgeSecurity } from '../api/use-update-bridge-security';
import { SECURITY_CALLS, type BridgeKind, type SigningChange } from '../security-calls';
import { AllowedAddressesEditor } from './allowed-addresses-editor';
import { SecondsWindowEditor } from './seconds-window-editor';
import { SigningSecretShown } from './signing-secret-shown';
import '../bridge-security.css';

interface WebhookSecurityCardProps {
  kind: BridgeKind;
  bridgeId: string;
  /** The webhook URL for the signing examples, when the page can show it; a placeholder otherwise. */
  webhookUrl?: string | null;
}

const URL_PLACEHOLDER = '<your webhook URL>';

/**
 * The optional sender checks of a bridge's webhook (ADR 0008), for either kind of bridge: require a
 * signature (a secret made by the server, shown once, rotatable), an allowlist of source addresses, how
 * long after arrival a signal may still be executed, and how long the same body again is a sender's retry.
 */
export function WebhookSecurityCard({ kind, bridgeId, webhookUrl = null }: WebhookSecurityCardProps) {
  const security = useBridgeSecurity(kind, bridgeId);
  return (
    <Card as="section" variation="outlined" className="webhook-security" aria-labelledby={`webhook-security-${bridgeId}`}>
      <Flex direction="column" gap="medium">
        <Flex direction="column" gap="xxs">
          <Heading level={3} id={`webhook-security-${bridgeId}`}>
            Webhook security
          </Heading>
          <Text variation="secondary" fontSize="small">
            The key in the URL already authenticates every request. These optional checks add to it.
          </Text>
        </Flex>
        {security.isPending ? <LoadingState label="Loading the webhook's checks…" /> : null}
        {security.isError ? <ErrorState message={security.error.message} onRetry={() => void security.refetch()} /> : null}
        {security.data ? <SecurityControls kind={kind} bridgeId={bridgeId} security={security.data} webhookUrl={webhookUrl ?? URL_PLACEHOLDER} /> : null}
      </Flex>
    </Card>
  );
}

interface SecurityControlsProps {
  kind: BridgeKind;
  bridgeId: string;
  security: BridgeSecurity;
  webhookUrl: string;
}

function SecurityControls({ kind, bridgeId, security, webhookUrl }: SecurityControlsProps) {
  const update = useUpdateBridgeSecurity(kind, bridgeId);
  const toast = useToast();
  // The secret lives only in this component's state: it is gone once the page is left.
  const [secret, setSecret] = useState<string | null>(null);
  const [isRotateAsked, setRotateAsked] = useState(false);

  const changeSigning = (signing: SigningChange) =>
    update.mutate(
      { signing, allowed_ips: security.allowed_ips },
      {
        onSuccess: (answer) => {
          setSecret(answer.signing_secret);
          setRotateAsked(false);
          toast.success(signing === 'off' ? 'Signing turned off.' : signing === 'rotate' ? 'Signing secret rotated.' : 'Signing turned on.');
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );

  const saveWindow = (window: { signal_validity_seconds: number } | { retry_window_seconds: number }, done: string) =>
    update.mutate({ signing: 'keep', allowed_ips: security.allowed_ips, ...window }, { onSuccess: () => toast.success(done), onError: (error) => toast.error(errorText(error)) });

  return (
    <>
      <Flex direction="column" gap="small" as="section" aria-label="Signed requests">
        <SwitchField
          label="Require a signature"
          labelPosition="end"
          isChecked={security.require_signature}
          isDisabled={update.isPending}
          onChange={(event: ChangeEvent<HTMLInputElement>) => changeSigning(event.target.checked ? 'on' : 'off')}
        />
        <Text variation="secondary" fontSize="small">
          {security.require_signature
            ? `Unsigned requests are refused (401). Secret made ${security.secret_created_at ? formatDateTime(security.secret_created_at) : '—'} (IST).`
            : 'For senders that can sign (your own scripts, Amibroker plug-ins). TradingView and ChartInk cannot.'}
        </Text>
        {security.require_signature && !isRotateAsked ? (
          <Button size="small" alignSelf="flex-start" onClick={() => setRotateAsked(true)} isDisabled={update.isPending}>
            Rotate secret
          </Button>
        ) : null}
        {isRotateAsked ? (
          <Flex direction="column" gap="xs" className="webhook-security__confirm" role="group" aria-label="Confirm rotation">
            <Text fontSize="small">The current secret stops working at once; senders must switch to the new one.</Text>
            <Flex gap="small">
              <Button size="small" onClick={() => setRotateAsked(false)} isDisabled={update.isPending}>
                Keep the secret
              </Button>
              <Button size="small" variation="destructive" onClick={() => changeSigning('rotate')} isLoading={update.isPending} loadingText="Rotating…">
                Rotate now
              </Button>
            </Flex>
          </Flex>
        ) : null}
        {secret ? <SigningSecretShown secret={secret} webhookUrl={webhookUrl} sampleBody={SECURITY_CALLS[kind].sampleBody} /> : null}
      </Flex>
      <AllowedAddressesEditor
        key={security.allowed_ips.join(',')}
        saved={security.allowed_ips}
        isSaving={update.isPending}
        error={update.variables?.signing === 'keep' ? update.error : null}
        onSave={(addresses) =>
          update.mutate(
            { signing: 'keep', allowed_ips: addresses },
            {
              onSuccess: () => toast.success(addresses.length === 0 ? 'Every address may send now.' : 'Allowed addresses saved.'),
              onError: (error) => toast.error(errorText(error)),
            },
          )
        }
      />
      <SecondsWindowEditor
        key={`validity-${security.signal_validity_seconds}`}
        title="Signal validity window"
        label="Signal validity (seconds)"
        min={MIN_SIGNAL_VALIDITY_SECONDS}
        max={MAX_SIGNAL_VALIDITY_SECONDS}
        help="A signal picked up later than this after it arrived is marked expired and places nothing — also when replayed."
        saved={security.signal_validity_seconds}
        isSaving={update.isPending}
        onSave={(seconds) => saveWindow({ signal_validity_seconds: seconds }, `Signals now expire ${seconds} s after they arrive.`)}
      />
      <SecondsWindowEditor
        key={`retry-${security.retry_window_seconds}`}
        title="Signal retry window"
        label="Retry window (seconds)"
        min={0}
        max={MAX_SIGNAL_RETRY_WINDOW_SECONDS}
        help="The same body again within this many seconds of its first arrival is the sender's retry: it answers the first signal and places nothing more. 0 turns it off (every arrival is a new signal). A signal_id in the body always decides instead."
        saved={security.retry_window_seconds}
        isSaving={update.isPending}
        onSave={(seconds) =>
          saveWindow({ retry_window_seconds: seconds }, seconds === 0 ? 'Retry window off: every arrival is a new signal.' : `The same body within ${seconds} s is now one signal.`)
        }
      />
    </>
  );
}
