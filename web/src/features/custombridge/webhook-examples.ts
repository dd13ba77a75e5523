/**
 * Ready-to-paste alert set-ups for the senders the webhook reads (reference/products.md §3; the
 * parsers in functions/signals/payloads): TradingView text or JSON, ChartInk's fixed scan payload, and
 * the action JSON Amibroker posts. Each is what the parser accepts as it stands, so a pasted example
 * never comes back 400.
 */
export interface WebhookExample {
  title: string;
  /** Where it goes in the sender, in a sentence. */
  where: string;
  code: string;
}

export interface SenderExamples {
  sender: string;
  intro: string;
  examples: readonly WebhookExample[];
}

const TRADINGVIEW: SenderExamples = {
  sender: 'TradingView',
  intro:
    'Paste the webhook URL under the alert\'s Notifications → Webhook URL, and one of these as its Message. TradingView sends text as text/plain and valid JSON as application/json, only to ports 80 and 443, and gives up after 3 s.',
  examples: [
    { title: 'TradingView text message (fixed)', where: 'One alert per direction: BUY runs the UP triggers, SELL the DOWN ones, EXIT closes.', code: 'BUY' },
    {
      title: 'TradingView text message (strategy)',
      where: "A strategy alert: TradingView fills in buy or sell for each order. Add the ticker if you like; the triggers decide what is traded.",
      code: '{{strategy.order.action}} {{ticker}}',
    },
    {
      title: 'TradingView JSON message',
      where: 'The same as JSON; signal_id lets a resent alert count once.',
      code: '{"action": "{{strategy.order.action}}", "symbol": "{{ticker}}", "signal_id": "{{strategy.order.id}}-{{timenow}}"}',
    },
  ],
};

const CHARTINK_SAMPLE = {
  stocks: 'SBIN,INFY',
  trigger_prices: '801.25,1520.4',
  triggered_at: '2:34 pm',
  scan_name: 'BUY breakouts',
  scan_url: 'buy-breakouts',
  alert_name: 'Alert for BUY breakouts',
  webhook_url: '',
};

function chartink(url: string): SenderExamples {
  return {
    sender: 'ChartInk',
    intro:
      "In the scan's alert, paste the webhook URL into the Webhook URL field. ChartInk sends its own fixed payload; the direction is the one trading word (BUY, SELL, EXIT or COVER) in the scan or alert name, so name the scan e.g. \"BUY breakouts\".",
    examples: [
      { title: 'ChartInk webhook URL field', where: 'The Webhook URL field of the alert.', code: url },
      { title: 'ChartInk sample payload', where: 'What ChartInk posts (for reference; you do not type it).', code: JSON.stringify({ ...CHARTINK_SAMPLE, webhook_url: url }, null, 2) },
    ],
  };
}

function amibroker(url: string): SenderExamples {
  return {
    sender: 'Amibroker',
    intro:
      'AmiBroker 6.20 or later posts JSON with InternetPostRequest. Add this to your AFL and apply it to a live chart; it posts once per bar when Buy, Sell or an exit fires. The symbol must be the exchange\'s trading symbol (SBIN, not SBIN-EQ).',
    examples: [
      { title: 'Amibroker action JSON', where: 'The body the AFL posts.', code: '{"action": "BUY", "symbol": "NSE:SBIN"}' },
      {
        title: 'Amibroker AFL',
        where: 'Replace the Buy / Sell rules with your own.',
        code: `// TradeBridge custom bridge: post BUY / SELL to the webhook once per bar (AmiBroker 6.20+)
WebhookUrl = "${url}";

procedure PostSignal(url, action)
{
    body = "{\\"action\\":\\"" + action + "\\",\\"symbol\\":\\"NSE:" + Name() + "\\"}";
    InternetSetHeaders("Content-Type: application/json\\r\\n");
    ih = InternetPostRequest(url, body);
    if (ih) InternetClose(ih);
}

Buy = Cross(MACD(), Signal());
Sell = Cross(Signal(), MACD());

barTime = LastValue(DateTime());
sentKey = "tradebridge_sent_" + Name();
if (StaticVarGet(sentKey) != barTime)
{
    if (LastValue(Buy)) { PostSignal(WebhookUrl, "BUY"); StaticVarSet(sentKey, barTime); }
    else if (LastValue(Sell)) { PostSignal(WebhookUrl, "SELL"); StaticVarSet(sentKey, barTime); }
}`,
      },
    ],
  };
}

/** The examples for every sender, with the webhook URL where the sender needs it (a placeholder when it cannot be shown). */
export function senderExamples(url: string): readonly SenderExamples[] {
  return [TRADINGVIEW, chartink(url), amibroker(url)];
}

/** Stands in for the URL in the examples when it is not shown any more. */
export const WEBHOOK_URL_PLACEHOLDER = '<your webhook URL>';
