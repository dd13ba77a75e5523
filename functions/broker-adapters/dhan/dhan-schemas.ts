import * as z from 'zod';
import { brokerId, brokerNumber } from '../http/payload-values';

/** Dhan answers bare objects and arrays on 2xx, and `{errorType, errorCode, errorMessage}` otherwise (§6.9). */
export const dhanErrorBody = z.object({
  errorType: z.string().nullish(),
  errorCode: z.string().min(1),
  errorMessage: z.string().nullish(),
});

/** Data APIs (market quote) report failures as `{status:'failed', data:{<code>: <message>}}` [UNVERIFIED shape]. */
export const dhanDataFailure = z.object({
  status: z.literal('failed'),
  data: z.record(z.string(), z.unknown()),
});

/** The answer of generateAccessToken and RenewToken: `expiryTime` is IST without an offset. */
export const dhanTokenData = z.object({
  dhanClientId: brokerId,
  accessToken: z.string().min(1),
  expiryTime: z.string().nullish(),
});

export const dhanOrderIdData = z.object({ orderId: brokerId, orderStatus: z.string().nullish() });

export const dhanOrderRow = z.object({
  orderId: brokerId,
  correlationId: z.string().nullish(),
  orderStatus: z.string(),
  transactionType: z.string(),
  exchangeSegment: z.string(),
  productType: z.string(),
  orderType: z.string(),
  validity: z.string().nullish(),
  tradingSymbol: z.string().nullish(),
  securityId: brokerId,
  quantity: brokerNumber,
  price: brokerNumber.nullish(),
  triggerPrice: brokerNumber.nullish(),
  legName: z.string().nullish(),
  disclosedQuantity: brokerNumber.nullish(),
  filledQty: brokerNumber.nullish(),
  averageTradedPrice: brokerNumber.nullish(),
  omsErrorDescription: z.string().nullish(),
});
export type DhanOrderRow = z.infer<typeof dhanOrderRow>;
export const dhanOrderBookData = z.array(dhanOrderRow);

export const dhanPositionRow = z.object({
  tradingSymbol: z.string(),
  securityId: brokerId,
  exchangeSegment: z.string(),
  productType: z.string(),
  netQty: brokerNumber,
  costPrice: brokerNumber.nullish(),
  buyAvg: brokerNumber.nullish(),
  sellAvg: brokerNumber.nullish(),
  realizedProfit: brokerNumber.nullish(),
  unrealizedProfit: brokerNumber.nullish(),
});
export type DhanPositionRow = z.infer<typeof dhanPositionRow>;
export const dhanPositionsData = z.array(dhanPositionRow);

/** `availabelBalance` is Dhan's own spelling. */
export const dhanFundsData = z.object({
  availabelBalance: brokerNumber,
  utilizedAmount: brokerNumber.nullish(),
});

/** `{data: {<segment>: {<securityId>: {last_price}}}, status: 'success'}` (§6.6). */
export const dhanLtpData = z.object({
  data: z.record(z.string(), z.record(z.string(), z.object({ last_price: brokerNumber }))),
});
