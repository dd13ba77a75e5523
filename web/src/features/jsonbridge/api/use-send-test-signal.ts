import { useMutation } from '@tanstack/react-query';
import { JSON_BRIDGE_WEBHOOK_PATH_PREFIX } from '@shared/contracts/jsonbridge';
import { API_BASE_PATH } from '@shared/domain/constants';

/** The webhook's answer as it came: its HTTP status and body (202 with the signal id, or 400 with the problems). */
export interface TestSignalAnswer {
  status: number;
  body: string;
}

/** Whether a pasted URL is this bridge's webhook: a test signal goes nowhere else. */
export function isWebhookUrlOf(url: string, bridgeId: string): boolean {
  try {
    const parsed = new URL(url.trim());
    return /^https?:$/.test(parsed.protocol) && parsed.pathname.startsWith(`${API_BASE_PATH}${JSON_BRIDGE_WEBHOOK_PATH_PREFIX}/${bridgeId}/`);
  } catch {
    return false;
  }
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** POSTs the order JSON to the webhook as TradingView would (content-type application/json, no login). */
export function useSendTestSignal() {
  return useMutation({
    mutationFn: async ({ url, json }: { url: string; json: string }): Promise<TestSignalAnswer> => {
      const response = await fetch(url.trim(), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: json });
      return { status: response.status, body: pretty(await response.text()) };
    },
  });
}
