import type { ReactElement } from 'react';
import type { BrokerAccount } from '@shared/contracts/broker';
import { useToast } from '@/components/toast/use-toast';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { errorText } from '@/lib/error-text';
import { useReconnectAccount } from '../api/use-reconnect-account';
import { useRefreshAccount } from '../api/use-refresh-account';

/** What an account's action buttons can do, shared by the cards, the table and the account page. */
export interface AccountActionTools {
  openDialog: (dialog: ReactElement) => void;
  closeDialog: () => void;
  refresh: (account: BrokerAccount) => void;
  reconnect: (account: BrokerAccount) => void;
  /** The account a refresh or reconnect is running for, if any. */
  busyAccountId: string | null;
  /** Called after an account is removed (the account page leaves for /demat). */
  onRemoved?: (() => void) | undefined;
}

const openLoginPage = (url: string) => window.location.assign(url);

export function useAccountActionTools(dialogs: DialogSlot, onRemoved?: () => void): AccountActionTools {
  const refresh = useRefreshAccount();
  const reconnect = useReconnectAccount();
  const toast = useToast();
  const busyAccountId = (refresh.isPending ? refresh.variables : null) ?? (reconnect.isPending ? reconnect.variables : null) ?? null;
  return {
    openDialog: dialogs.open,
    closeDialog: dialogs.close,
    refresh: (account) => refresh.mutate(account.broker_id),
    reconnect: (account) =>
      reconnect.mutate(account.broker_id, {
        onSuccess: ({ account: reconnected, login_url }) => {
          if (login_url) openLoginPage(login_url);
          else toast.success(`${reconnected.broker_combined_name} reconnected.`);
        },
        onError: (error) => toast.error(errorText(error)),
      }),
    busyAccountId,
    onRemoved,
  };
}
