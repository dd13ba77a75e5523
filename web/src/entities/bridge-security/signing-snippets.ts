/** The header a signing sender adds (functions/signals/intake/signature.ts): Stripe's scheme, ±300 s. */
export const SIGNATURE_HEADER_FORMAT = 'X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the secret>';
export const SIGNATURE_TOLERANCE_TEXT = 'The timestamp must be within 300 seconds of the server clock, either way.';

const SECRET_VARIABLE = 'TRADEBRIDGE_SIGNING_SECRET';

/** Node 18+ (built-in fetch): signs one body and posts it. The secret comes from the environment, never from the code. */
export function nodeSnippet(url: string, body: string): string {
  return `import { createHmac } from 'node:crypto';

const url = ${JSON.stringify(url)};
const secret = process.env.${SECRET_VARIABLE};
const body = ${JSON.stringify(body)};
const t = Math.floor(Date.now() / 1000);
const v1 = createHmac('sha256', secret).update(\`\${t}.\${body}\`).digest('hex');

const response = await fetch(url, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'X-Signature': \`t=\${t},v1=\${v1}\` },
  body,
});
console.log(response.status, await response.text());`;
}

/** Python 3, standard library only. */
export function pythonSnippet(url: string, body: string): string {
  return `import hashlib, hmac, os, time, urllib.request

url = ${JSON.stringify(url)}
secret = os.environ["${SECRET_VARIABLE}"]
body = ${JSON.stringify(body)}
t = str(int(time.time()))
v1 = hmac.new(secret.encode(), f"{t}.{body}".encode(), hashlib.sha256).hexdigest()

request = urllib.request.Request(url, data=body.encode(), method="POST",
    headers={"Content-Type": "application/json", "X-Signature": f"t={t},v1={v1}"})
with urllib.request.urlopen(request) as response:
    print(response.status, response.read().decode())`;
}

export const SECRET_VARIABLE_NAME = SECRET_VARIABLE;
