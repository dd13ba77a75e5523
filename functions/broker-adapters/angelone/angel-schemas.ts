import * as z from 'zod';
import { brokerId, brokerNumber } from '../http/payload-values';

/** Angel envelopes say `status` as a boolean or the strings "true"/"false", and `data` may be "null" (§3.9). */
const angelFlag = z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')]);

export const angelEnvelope = z.object({
  status: angelFlag,
  message: z.string().nullish(),
  errorcode: z.string().nullish(),
  data: z.unknown(),
});

export const angelTokensData = z.object({
  jwtToken: z.string().min(1),
  refreshToken: z.string().min(1),
  feedToken: z.string().nullish(),
});

export const angelOrderIdData = z.object({ orderid: brokerId, uniqueorderid: z.string().nullish() });

export const angelOrderRow = z.object({
  orderid: brokerId,
  ordertag: z.string().nullish(),
  status: z.string().nullish(),
  orderstatus: z.string().nullish(),
  text: z.string().nullish(),
  variety: z.string(),
  ordertype: z.string(),
  producttype: z.string(),
  duration: z.string().nullish(),
  tradingsymbol: z.string(),
  symboltoken: z.string(),
  transactiontype: z.string(),
  exchange: z.string(),
  price: brokerNumber.default(0),
  triggerprice: brokerNumber.default(0),
  quantity: brokerNumber,
  filledshares: brokerNumber.default(0),
  averageprice: brokerNumber.default(0),
});
export type AngelOrderRow = z.infer<typeof angelOrderRow>;
/** `data` is null when the book is empty. */
export const angelOrderBookData = z.array(angelOrderRow).nullish().transform((rows) => rows ?? []);

export const angelPositionRow = z.object({
  tradingsymbol: z.string(),
  exchange: z.string(),
  producttype: z.string(),
  netqty: brokerNumber,
  avgnetprice: brokerNumber.optional(),
  netprice: brokerNumber.optional(),
  ltp: brokerNumber.default(0),
  realised: brokerNumber.default(0),
  unrealised: brokerNumber.default(0),
});
export type AngelPositionRow = z.infer<typeof angelPositionRow>;
export const angelPositionsData = z.array(angelPositionRow).nullish().transform((rows) => rows ?? []);

export const angelRmsData = z.object({ net: brokerNumber, utiliseddebits: brokerNumber.default(0) });

export const angelQuoteData = z.object({
  fetched: z.array(z.object({ exchange: z.string(), symbolToken: z.string(), ltp: brokerNumber })),
  unfetched: z.array(z.unknown()).nullish(),
});
