import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadingState } from '@/components/loading-state';
import { ModalDialog } from '@/components/modal-dialog';
import { paths } from '@/config/paths';
import { useBrokerAccounts } from '@/entities/broker-accounts/api/use-broker-accounts';
import { TicketScriptPicker } from '@/entities/order-ticket/components/ticket-script-picker';
import { positionScriptOf, type PositionScript, type PositionTarget } from '../position-form';
import { PositionForm } from './position-form';
import '@/entities/order-ticket/order-ticket.css';

/**
 * Adds a position to a group (choose the script first, as the order ticket does) or edits one: while
 * WAITING every field, while OPEN only its target, stop-loss and trailing.
 */
export function PositionDialog({ target, onClose }: { target: PositionTarget; onClose: () => void }) {
  const accounts = useBrokerAccounts();
  const [script, setScript] = useState<PositionScript | null>(() => (target.kind === 'edit' ? positionScriptOf(target.position) : null));
  const connected = (accounts.data ?? []).filter((account) => account.status === 'connected');
  const title = target.kind === 'edit' ? `Edit ${target.position.trading_symbol}` : script ? `Add position: ${script.display_name ?? script.trading_symbol}` : 'Add position: choose a script';

  const body = () => {
    if (accounts.isPending) return <LoadingState label="Loading your accounts…" />;
    if (connected.length === 0) {
      return (
        <Flex direction="column" gap="small">
          <Text>
            A position enters on one of your connected accounts: connect one on the <Link to={paths.demat}>Demat page</Link> first.
          </Text>
          <Flex justifyContent="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Flex>
        </Flex>
      );
    }
    if (!script) return <TicketScriptPicker onPick={setScript} onClose={onClose} />;
    return <PositionForm target={target} script={script} accounts={connected} onClose={onClose} />;
  };

  return (
    <ModalDialog title={title} onClose={onClose}>
      <div className="position-dialog">{body()}</div>
    </ModalDialog>
  );
}

