import type { DialogSlot } from '@/components/use-dialog-slot';
import { SquareOffDialog } from '@/entities/account-positions/components/square-off-dialog';
import { HoldingsSection } from './holdings-section';
import { ModifyOrderDialog } from './modify-order-dialog';
import { OrderBookSection } from './order-book-section';
import { OrderChangeDialog } from './order-change-dialog';
import { PositionsSection } from './positions-section';
import { SquareOffAllDialog } from './square-off-all-dialog';

/** A connected account's positions (with P&L), holdings and order book, each action opening its dialog in the page's slot. */
export function AccountLiveData({ brokerId, dialogs }: { brokerId: string; dialogs: DialogSlot }) {
  return (
    <>
      <PositionsSection
        brokerId={brokerId}
        onSquareOff={(position) => dialogs.open(<SquareOffDialog brokerId={brokerId} position={position} onClose={dialogs.close} />)}
        onSquareOffAll={(openCount) => dialogs.open(<SquareOffAllDialog brokerId={brokerId} openCount={openCount} onClose={dialogs.close} />)}
      />
      <HoldingsSection brokerId={brokerId} />
      <OrderBookSection
        brokerId={brokerId}
        tools={{
          modify: (row) => dialogs.open(<ModifyOrderDialog brokerId={brokerId} row={row} onClose={dialogs.close} />),
          change: (row, action) => dialogs.open(<OrderChangeDialog brokerId={brokerId} row={row} action={action} onClose={dialogs.close} />),
        }}
      />
    </>
  );
}
