import { SwitchField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import type { JsonBridge } from '@shared/contracts/jsonbridge';
import { useToast } from '@/components/toast/use-toast';
import { errorText } from '@/lib/error-text';
import { useUpdateJsonBridge } from '../api/use-update-json-bridge';

/** The bridge's trading flag (`og_place_order`): off, its signals are stored as ignored and place nothing. */
export function JsonBridgeTradingSwitch({ bridge }: { bridge: JsonBridge }) {
  const update = useUpdateJsonBridge();
  const toast = useToast();
  return (
    <SwitchField
      label="Trading"
      size="small"
      labelPosition="end"
      isChecked={bridge.og_place_order}
      isDisabled={update.isPending}
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        update.mutate({ kind: 'trading', id: bridge.json_bridge_id, on: event.target.checked }, { onError: (error) => toast.error(errorText(error)) })
      }
    />
  );
}
