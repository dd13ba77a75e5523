import * as z from 'zod';
import { brokerId, brokerNumber } from '../http/payload-values';

/**
 * Every Fyers answer (reference/brokers.md §5.9): `{s:'ok'|'error', code, message, …}`, with the payload
 * beside the envelope (`id`, `orderBook`, `netPositions`, `fund_limit`, `d`, tokens) rather than under `data`.
 * Codes are integers; `s` is lower-cased because samples show 'OK' too.
 */
export const fyersEnvelope = z.object({
  s: z.string().transform((text) => text.toLowerCase()),
  code: z.number().int().nullish(),
  message: z.string().nullish(),
});

/** Numeric codes (status, type, side, segment) read as their text, the way the vocabulary tables key them. */
const fyersCode = z.union([z.number(), z.string()]).transform(String);

export const fyersTokensData = z.object({ access_token: z.string().min(1), refresh_token: z.string().min(1) });
export const fyersRefreshedData = z.object({ access_token: z.string().min(1) });
export const fyersProfileData = z.object({ data: z.object({ fy_id: z.string().min(1) }) });

export const fyersOrderIdData = z.object({ id: brokerId });

export const fyersOrderRow = z.object({
  id: brokerId,
  symbol: z.string(),
  segment: fyersCode,
  status: fyersCode,
  message: z.string().nullish(),
  /** `1:<tag>` for a tag the client gave, `2:…` for Fyers' own, `…Untagged` when none (§ Orders). */
  orderTag: z.string().nullish(),
  type: fyersCode,
  side: fyersCode,
  productType: z.string(),
  qty: brokerNumber,
  filledQty: brokerNumber.default(0),
  tradedPrice: brokerNumber.default(0),
  limitPrice: brokerNumber.default(0),
  stopPrice: brokerNumber.default(0),
});
export type FyersOrderRow = z.infer<typeof fyersOrderRow>;
export const fyersOrderBookData = z.object({ orderBook: z.array(fyersOrderRow).nullish() }).transform((data) => data.orderBook ?? []);

export const fyersPositionRow = z.object({
  symbol: z.string(),
  segment: fyersCode,
  productType: z.string(),
  netQty: brokerNumber,
  netAvg: brokerNumber.default(0),
  ltp: brokerNumber.default(0),
  realized_profit: brokerNumber.default(0),
  unrealized_profit: brokerNumber.default(0),
});
export type FyersPositionRow = z.infer<typeof fyersPositionRow>;
export const fyersPositionsData = z
  .object({ netPositions: z.array(fyersPositionRow).nullish() })
  .transform((data) => data.netPositions ?? []);

export const fyersFundRow = z.object({
  title: z.string(),
  equityAmount: brokerNumber.default(0),
  commodityAmount: brokerNumber.default(0),
});
export type FyersFundRow = z.infer<typeof fyersFundRow>;
export const fyersFundsData = z.object({ fund_limit: z.array(fyersFundRow) }).transform((data) => data.fund_limit);

/** `d[]`: one entry per asked symbol, `n` naming it; a symbol Fyers cannot quote comes back without `v.lp`. */
export const fyersQuotesData = z
  .object({
    d: z.array(z.object({ n: z.string(), s: z.string(), v: z.object({ lp: brokerNumber.optional() }).nullish() })),
  })
  .transform((data) => data.d);
