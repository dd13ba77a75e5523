import { Button, Flex } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { ModalDialog } from '@/components/modal-dialog';
import { TicketScriptPicker } from '@/entities/order-ticket/components/ticket-script-picker';
import { scriptLabelOf, type TicketScript } from '@/entities/order-ticket/ticket-script';
import { GroupOrderForm, type GroupOrderFormProps } from './group-order-form';
import '@/entities/order-ticket/order-ticket.css';

/** The group's order ticket in a dialog: choose the script first, then the order with its per-account preview. */
export function GroupTicketDialog(props: Omit<GroupOrderFormProps, 'script'>) {
  const [script, setScript] = useState<TicketScript | undefined>(undefined);
  return (
    <ModalDialog title={script ? `Group order: ${scriptLabelOf(script)}` : 'Group order: choose a script'} onClose={props.onClose}>
      {script ? (
        <Flex direction="column" gap="small">
          <Button size="small" variation="link" alignSelf="flex-start" onClick={() => setScript(undefined)}>
            ← Choose another script
          </Button>
          <GroupOrderForm key={script.script_id} script={script} {...props} />
        </Flex>
      ) : (
        <TicketScriptPicker onPick={setScript} onClose={props.onClose} />
      )}
    </ModalDialog>
  );
}
