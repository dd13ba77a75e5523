import { Flex, Text, ToggleButton, ToggleButtonGroup } from '@aws-amplify/ui-react';
import { ACTIONS } from '@shared/domain/ranges';
import type { Action } from '../ticket-values';

const isAction = (value: unknown): value is Action => ACTIONS.some((action) => action === value);

/** BUY or SELL; the chosen side is coloured (green buy, red sell) so it cannot be missed. */
export function TicketSideField({ value, onChange, isDisabled }: { value: Action; onChange: (side: Action) => void; isDisabled: boolean }) {
  return (
    <Flex direction="column" gap="xxs">
      <Text as="span" className="order-ticket__label" id="ticket-side-label">
        Side
      </Text>
      <ToggleButtonGroup
        className="order-ticket__side"
        data-side={value}
        value={value}
        isExclusive
        isSelectionRequired
        isDisabled={isDisabled}
        aria-labelledby="ticket-side-label"
        onChange={(chosen) => {
          const side = Array.isArray(chosen) ? chosen[0] : chosen;
          if (isAction(side)) onChange(side);
        }}
      >
        {ACTIONS.map((action) => (
          <ToggleButton key={action} value={action} className={`order-ticket__side-${action.toLowerCase()}`}>
            {action === 'BUY' ? 'Buy' : 'Sell'}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Flex>
  );
}
