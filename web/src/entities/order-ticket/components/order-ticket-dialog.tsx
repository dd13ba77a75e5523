import { Button, Flex } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { ModalDialog } from '@/components/modal-dialog';
import type { PlaceTarget } from '../place-targets';
import { scriptLabelOf, type TicketScript } from '../ticket-script';
import type { Action } from '../ticket-values';
import { OrderTicketForm } from './order-ticket-form';
import { TicketScriptPicker } from './ticket-script-picker';
import '../order-ticket.css';

export interface OrderTicketRequest {
  /** Absent: the ticket asks for the script first (opened from an account page). */
  script?: TicketScript | undefined;
  target?: PlaceTarget | undefined;
  brokerId?: string | undefined;
  action?: Action | undefined;
  ltpHint?: number | undefined;
}

/** The one order ticket, in a dialog, opened from a watch-list row, a search result or an account page. */
export function OrderTicketDialog({ request, onClose }: { request: OrderTicketRequest; onClose: () => void }) {
  const [script, setScript] = useState<TicketScript | undefined>(request.script);
  return (
    <ModalDialog title={script ? `Order ticket: ${scriptLabelOf(script)}` : 'Order ticket: choose a script'} onClose={onClose}>
      {script ? (
        <Flex direction="column" gap="small">
          {request.script ? null : (
            <Button size="small" variation="link" alignSelf="flex-start" onClick={() => setScript(undefined)}>
              ← Choose another script
            </Button>
          )}
          <OrderTicketForm
            key={script.script_id}
            script={script}
            target={request.script ? (request.target ?? { via: 'direct' }) : { via: 'direct' }}
            brokerId={request.brokerId}
            action={request.action}
            ltpHint={request.script ? request.ltpHint : undefined}
            onClose={onClose}
          />
        </Flex>
      ) : (
        <TicketScriptPicker onPick={setScript} onClose={onClose} />
      )}
    </ModalDialog>
  );
}
