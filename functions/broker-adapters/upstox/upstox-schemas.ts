import * as z from 'zod';
import { brokerId, brokerNumber } from '../http/payload-values';

/** Upstox answers (reference/brokers.md §4.9): `{status:'success', data[, metadata]}` or `{status:'error', errors:[…]}`. */
export const upstoxSuccessEnvelope = z.object({ status: z.literal('success'), data: z.unknown() });

/** Upstox has sent both spellings of the error fields (snake_case now, camelCase deprecated); either is read. */
const upstoxProblem = z
  .object({ error_code: z.string().nullish(), errorCode: z.string().nullish(), message: z.string().nullish() })
  .transform((problem) => ({ code: problem.error_code ?? problem.errorCode ?? null, message: problem.message ?? '' }));
export type UpstoxProblem = z.infer<typeof upstoxProblem>;

export const upstoxErrorEnvelope = z.object({ status: z.literal('error'), errors: z.array(upstoxProblem).min(1) });

/** The token exchange answers the profile and token bare, without the envelope (§4.1). */
export const upstoxTokenData = z.object({
  access_token: z.string().min(1),
  user_id: z.string().min(1),
  user_name: z.string().nullish(),
});

/** v3 place answers a list: with `slice:false` (always sent) it holds exactly one id. */
export const upstoxPlacedData = z.object({ order_ids: z.tuple([brokerId], brokerId) });
export const upstoxOrderIdData = z.object({ order_id: brokerId });

export const upstoxOrderRow = z.object({
  order_id: brokerId,
  status: z.string(),
  status_message: z.string().nullish(),
  tag: z.string().nullish(),
  trading_symbol: z.string().nullish(),
  tradingsymbol: z.string().nullish(),
  exchange: z.string(),
  instrument_token: z.string(),
  transaction_type: z.string(),
  order_type: z.string(),
  product: z.string(),
  validity: z.string().nullish(),
  quantity: brokerNumber,
  filled_quantity: brokerNumber.default(0),
  average_price: brokerNumber.default(0),
  price: brokerNumber.default(0),
  trigger_price: brokerNumber.default(0),
  disclosed_quantity: brokerNumber.default(0),
});
export type UpstoxOrderRow = z.infer<typeof upstoxOrderRow>;
export const upstoxOrderBookData = z.array(upstoxOrderRow).nullish().transform((rows) => rows ?? []);

export const upstoxPositionRow = z.object({
  trading_symbol: z.string().nullish(),
  tradingsymbol: z.string().nullish(),
  exchange: z.string(),
  product: z.string(),
  quantity: brokerNumber,
  average_price: brokerNumber.default(0),
  last_price: brokerNumber.default(0),
  realised: brokerNumber.default(0),
  unrealised: brokerNumber.default(0),
});
export type UpstoxPositionRow = z.infer<typeof upstoxPositionRow>;
export const upstoxPositionsData = z.array(upstoxPositionRow).nullish().transform((rows) => rows ?? []);

export const upstoxFundsData = z.object({
  equity: z.object({ available_margin: brokerNumber, used_margin: brokerNumber.default(0) }),
});

/** Keyed by `SEGMENT:TRADINGSYMBOL`, not by the key asked for: match on `instrument_token` (§4.6). */
export const upstoxLtpData = z.record(z.string(), z.object({ instrument_token: z.string(), last_price: brokerNumber.nullish() }));
