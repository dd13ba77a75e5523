import { SwitchField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import type { GroupBroker } from '@shared/contracts/groups';
import { useToast } from '@/components/toast/use-toast';
import { errorText } from '@/lib/error-text';
import { useFlipChildTrading } from '../api/use-flip-child-trading';

/** Whether this child takes part in the group's orders; the change goes to the server at once. */
export function ChildTradingSwitch({ child, isLabelHidden = false }: { child: GroupBroker; isLabelHidden?: boolean }) {
  const flip = useFlipChildTrading();
  const toast = useToast();
  return (
    <SwitchField
      label={isLabelHidden ? `Trading for ${child.broker_combined_name}` : 'Trading in this group'}
      isLabelHidden={isLabelHidden}
      size="small"
      labelPosition="end"
      isChecked={child.trading_enabled}
      isDisabled={flip.isPending}
      onChange={(event: ChangeEvent<HTMLInputElement>) => flip.mutate({ child, on: event.target.checked }, { onError: (error) => toast.error(errorText(error)) })}
    />
  );
}
