import { ANGEL_API_BASE_URL } from '../../broker-adapters/angelone/angel-config';
import type { AngelClientNetwork } from '../../broker-adapters/angelone/angel-session';
import { DHAN_API_BASE_URL, DHAN_AUTH_BASE_URL } from '../../broker-adapters/dhan/dhan-config';
import { FYERS_API_BASE_URL } from '../../broker-adapters/fyers/fyers-config';
import { UPSTOX_API_BASE_URL, UPSTOX_ORDER_API_BASE_URL } from '../../broker-adapters/upstox/upstox-config';
import { KITE_API_BASE_URL, KITE_LOGIN_URL } from '../../broker-adapters/zerodha/kite-config';

/**
 * Where the broker APIs are, from the environment (the brokers' real addresses by default), so the
 * local runtime and the tests point the adapters at the HTTP fakes without a code branch.
 */
export const BROKER_ENDPOINT_ENV = {
  kiteApi: 'KITE_API_BASE_URL',
  kiteLogin: 'KITE_LOGIN_URL',
  angelApi: 'ANGEL_API_BASE_URL',
  angelLocalIp: 'ANGEL_CLIENT_LOCAL_IP',
  angelPublicIp: 'ANGEL_CLIENT_PUBLIC_IP',
  angelMacAddress: 'ANGEL_CLIENT_MAC_ADDRESS',
  upstoxApi: 'UPSTOX_API_BASE_URL',
  upstoxOrderApi: 'UPSTOX_ORDER_API_BASE_URL',
  fyersApi: 'FYERS_API_BASE_URL',
  dhanApi: 'DHAN_API_BASE_URL',
  dhanAuth: 'DHAN_AUTH_BASE_URL',
} as const;

const fromEnv = (name: string, fallback: string) => process.env[name]?.trim() || fallback;

export function kiteApiBaseUrl(): string {
  return fromEnv(BROKER_ENDPOINT_ENV.kiteApi, KITE_API_BASE_URL);
}

export function kiteLoginPageUrl(): string {
  return fromEnv(BROKER_ENDPOINT_ENV.kiteLogin, KITE_LOGIN_URL);
}

export function angelApiBaseUrl(): string {
  return fromEnv(BROKER_ENDPOINT_ENV.angelApi, ANGEL_API_BASE_URL);
}

/** The addresses Angel wants on every call; the public IP must be the static IP registered with Angel. */
export function angelNetwork(): AngelClientNetwork {
  return {
    localIp: fromEnv(BROKER_ENDPOINT_ENV.angelLocalIp, '127.0.0.1'),
    publicIp: fromEnv(BROKER_ENDPOINT_ENV.angelPublicIp, '127.0.0.1'),
    macAddress: fromEnv(BROKER_ENDPOINT_ENV.angelMacAddress, '02:00:00:00:00:01'),
  };
}

export function upstoxApiBaseUrl(): string {
  return fromEnv(BROKER_ENDPOINT_ENV.upstoxApi, UPSTOX_API_BASE_URL);
}

/** Upstox's order host; an overridden API host moves it too, so pointing Upstox at a fake never sends orders to the real one. */
export function upstoxOrderApiBaseUrl(): string {
  return fromEnv(BROKER_ENDPOINT_ENV.upstoxOrderApi, fromEnv(BROKER_ENDPOINT_ENV.upstoxApi, UPSTOX_ORDER_API_BASE_URL));
}

export function fyersApiBaseUrl(): string {
  return fromEnv(BROKER_ENDPOINT_ENV.fyersApi, FYERS_API_BASE_URL);
}

export function dhanApiBaseUrl(): string {
  return fromEnv(BROKER_ENDPOINT_ENV.dhanApi, DHAN_API_BASE_URL);
}

export function dhanAuthBaseUrl(): string {
  return fromEnv(BROKER_ENDPOINT_ENV.dhanAuth, DHAN_AUTH_BASE_URL);
}
