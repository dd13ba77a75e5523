/** The fake's hosted checkout page (PhonePe's real one is at mercury…/checkout): a person picks how the payment ends. */

export type CheckoutChoice = 'success' | 'failure' | 'pending-then-success' | 'abandon';
export const CHECKOUT_CHOICES: readonly CheckoutChoice[] = ['success', 'failure', 'pending-then-success', 'abandon'];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function checkoutPage(order: { readonly orderId: string; readonly merchantOrderId: string; readonly amount: number; readonly state: string }): string {
  const open = order.state === 'PENDING';
  const button = (choice: CheckoutChoice, label: string, style: string) =>
    `<button type="submit" name="choice" value="${choice}" data-choice="${choice}" style="${style}">${escapeHtml(label)}</button>`;
  const buttons = open
    ? [
        button('success', 'Pay successfully', 'background:#5f259f;color:#fff'),
        button('failure', 'Make the payment fail', 'background:#b3261e;color:#fff'),
        button('pending-then-success', 'Stay pending, then succeed', 'background:#444;color:#fff'),
        button('abandon', 'Go back without paying', 'background:#222;color:#ddd;border:1px solid #555'),
      ].join('\n')
    : `<p>This order is already ${escapeHtml(order.state)}.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>PhonePe sandbox checkout</title>
<link rel="icon" href="data:,">
<style>body{font-family:system-ui,sans-serif;background:#121212;color:#eee;display:flex;justify-content:center;padding:2rem}
main{max-width:26rem;width:100%;background:#1e1e1e;border-radius:12px;padding:1.5rem}
form{display:flex;flex-direction:column;gap:.75rem}button{font-size:1rem;padding:.8rem;border:0;border-radius:8px;cursor:pointer}
small{color:#aaa}</style></head>
<body><main>
<h1>PhonePe sandbox</h1>
<p><small>A local stand-in for PhonePe's checkout page. No real money moves.</small></p>
<p>Amount: <strong data-amount>${rupees(order.amount)}</strong></p>
<p><small>Order ${escapeHtml(order.merchantOrderId)} (${escapeHtml(order.orderId)})</small></p>
<form method="post" action="/pay/${encodeURIComponent(order.orderId)}">
${buttons}
</form>
</main></body></html>`;
}
