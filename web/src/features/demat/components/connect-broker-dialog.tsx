import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { ConnectBrokerForm } from '@/entities/broker-accounts/components/connect-broker-form';
import type { ConnectableCatalogBroker } from '@/entities/broker-accounts/connect-requests';
import { useConnectBroker } from '../api/use-connect-broker';

interface ConnectBrokerDialogProps {
  broker: ConnectableCatalogBroker;
  onClose: () => void;
}

/**
 * Adds an account of one broker for the user: paper connects at once; redirect brokers (Zerodha, Upstox,
 * Fyers) open the broker's login page next; credential brokers (Angel One, Dhan) log in at once.
 */
export function ConnectBrokerDialog({ broker, onClose }: ConnectBrokerDialogProps) {
  const connect = useConnectBroker();
  const toast = useToast();
  const isSubmitting = connect.isPending;

  return (
    <ModalDialog title={`Connect ${broker.broker_combined_name}`} onClose={onClose} canClose={!isSubmitting}>
      <ConnectBrokerForm
        broker={broker}
        isSubmitting={isSubmitting}
        error={connect.error}
        onCancel={onClose}
        onSubmit={(request) =>
          connect.mutate(request, {
            onSuccess: ({ account, login_url }) => {
              if (login_url) {
                window.location.assign(login_url);
                return;
              }
              toast.success(`${account.broker_combined_name} connected.`);
              onClose();
            },
          })
        }
      />
    </ModalDialog>
  );
}
