import type { AccountPosition, AccountPositions } from '../../../shared/contracts/broker-trading';
import type { BrokerPosition } from '../../broker-adapters/broker-adapter';
import { roundMoney } from '../../broker-adapters/paper/price-math';
import type { ScriptResolver } from '../../broker-adapters/mapping/script-resolver';

/**
 * Positions as `/demat/{broker_id}` shows them. A row the master knows is named by the platform's
 * symbol (one symbol format on every screen) and carries its script id, which square-off needs;
 * an unresolved row keeps the broker's symbol. Positions have no token, so they resolve by symbol.
 */
export function toAccountPosition(position: BrokerPosition, resolve: ScriptResolver): AccountPosition {
  const { instrument, exchange } = resolve({ exchange: position.exchange, tradingSymbol: position.tradingSymbol, token: null });
  return {
    script_id: instrument?.script_id ?? null,
    trading_symbol: instrument?.trading_symbol ?? position.tradingSymbol,
    exchange,
    product: position.product,
    net_quantity: position.netQuantity,
    lot_size: instrument?.lot_size ?? null,
    average_price: position.averagePrice,
    last_price: position.lastPrice,
    realised_pnl: position.realisedPnl,
    unrealised_pnl: position.unrealisedPnl,
  };
}

/** Every row (closed ones too: their realised P&L is today's), with the totals rounded to paise. */
export function accountPositionsOf(positions: readonly BrokerPosition[], resolve: ScriptResolver, readAt: Date): AccountPositions {
  const rows = positions.map((position) => toAccountPosition(position, resolve));
  const realised = roundMoney(rows.reduce((sum, row) => sum + row.realised_pnl, 0));
  const unrealised = roundMoney(rows.reduce((sum, row) => sum + row.unrealised_pnl, 0));
  return {
    positions: rows,
    totals: { realised_pnl: realised, unrealised_pnl: unrealised, total_pnl: roundMoney(realised + unrealised) },
    read_at: readAt.toISOString(),
  };
}
