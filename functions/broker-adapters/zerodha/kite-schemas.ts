import * as z from 'zod';
import { brokerId, brokerNumber } from '../http/payload-values';

/** Kite answers (reference/brokers.md §2): `{status:'success', data}` or `{status:'error', message, error_type}`. */
export const kiteSuccessEnvelope = z.object({ status: z.literal('success'), data: z.unknown() });
export const kiteErrorEnvelope = z.object({
  status: z.literal('error'),
  message: z.string(),
  error_type: z.string().nullish(),
});

export const kiteSessionData = z.object({
  user_id: z.string().min(1),
  api_key: z.string().min(1),
  access_token: z.string().min(1),
});

export const kiteOrderIdData = z.object({ order_id: brokerId });

export const kiteOrderRow = z.object({
  order_id: brokerId,
  status: z.string(),
  status_message: z.string().nullish(),
  tag: z.string().nullish(),
  tradingsymbol: z.string(),
  exchange: z.string(),
  quantity: brokerNumber,
  filled_quantity: brokerNumber.default(0),
  average_price: brokerNumber.default(0),
  instrument_token: z.union([z.number(), z.string()]).nullish(),
  transaction_type: z.string(),
  order_type: z.string(),
  product: z.string(),
  price: brokerNumber.default(0),
  trigger_price: brokerNumber.default(0),
});
export type KiteOrderRow = z.infer<typeof kiteOrderRow>;
export const kiteOrderBookData = z.array(kiteOrderRow);

export const kitePositionRow = z.object({
  tradingsymbol: z.string(),
  exchange: z.string(),
  product: z.string(),
  quantity: brokerNumber,
  average_price: brokerNumber.default(0),
  last_price: brokerNumber.default(0),
  realised: brokerNumber.default(0),
  unrealised: brokerNumber.default(0),
});
export type KitePositionRow = z.infer<typeof kitePositionRow>;
export const kitePositionsData = z.object({ net: z.array(kitePositionRow) });

export const kiteEquityMarginsData = z.object({
  net: brokerNumber,
  utilised: z.object({ debits: brokerNumber.default(0) }),
});

export const kiteLtpData = z.record(z.string(), z.object({ last_price: brokerNumber }));
