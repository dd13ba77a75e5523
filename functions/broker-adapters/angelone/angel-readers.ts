import type * as z from 'zod';
import type { BrokerFunds, BrokerPosition } from '../broker-adapter';
import type { AlertSink } from '../mapping/broker-alerts';
import { normaliseBrokerOrder, type NormalisedBrokerOrder } from '../mapping/normalised-order';
import { positionProductOf } from '../mapping/position-product';
import type { AngelOrderRow, AngelPositionRow, angelRmsData } from './angel-schemas';

/** One Angel order-book row in the platform's words; the status is `orderstatus` (or `status`), the reason `text`. */
export function angelOrderOf(row: AngelOrderRow, alert: AlertSink): NormalisedBrokerOrder {
  return normaliseBrokerOrder(
    'angelone',
    {
      brokerOrderId: row.orderid,
      tag: row.ordertag ?? null,
      brokerStatus: row.orderstatus || row.status || '',
      reason: row.text ?? null,
      quantity: row.quantity,
      filledQuantity: row.filledshares,
      averagePrice: row.averageprice,
      tradingSymbol: row.tradingsymbol,
      exchange: row.exchange,
      token: row.symboltoken,
      actionCode: row.transactiontype,
      orderTypeCode: row.ordertype,
      productCode: row.producttype,
      price: row.price,
      triggerPrice: row.triggerprice,
    },
    alert,
  );
}

export function angelPositionOf(row: AngelPositionRow, alert: AlertSink): BrokerPosition {
  return {
    tradingSymbol: row.tradingsymbol,
    exchange: row.exchange,
    product: positionProductOf('angelone', row.producttype, row.exchange, alert),
    netQuantity: row.netqty,
    averagePrice: row.avgnetprice ?? row.netprice ?? 0,
    lastPrice: row.ltp,
    realisedPnl: row.realised,
    unrealisedPnl: row.unrealised,
  };
}

/** RMS limits: `net` is what is available to trade, `utiliseddebits` what is in use. */
export function angelFundsOf(rms: z.infer<typeof angelRmsData>): BrokerFunds {
  return { available: rms.net, used: rms.utiliseddebits };
}
