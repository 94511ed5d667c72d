/** The sandbox's hosted pages, in Italian, readable on a 360 px phone. */

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#f1f3f5}
main{max-width:30rem;margin:0 auto;padding:1rem}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.note{background:#fff3bf;color:#5c3c00;border-radius:8px;padding:.75rem;margin:0 0 1rem}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 1rem}
dl{margin:0 0 1.25rem}
dt{font-size:.875rem;color:#495057}
dd{margin:0 0 .75rem;font-weight:600;overflow-wrap:anywhere}
.amount{font-size:1.5rem}
.actions{display:grid;gap:.75rem}
button{font:inherit;font-weight:600;min-height:48px;border-radius:8px;border:2px solid transparent;padding:.5rem 1rem;cursor:pointer;width:100%}
button:focus-visible{outline:3px solid #1c7ed6;outline-offset:2px}
.pay{background:#1e6b30;color:#fff}
.decline{background:#fff;color:#c92a2a;border-color:#c92a2a}
.error{background:#fff;color:#495057;border-color:#495057}
.help{font-size:.875rem;color:#495057;margin:1rem 0 0}
`;

function layout(title: string, body: string): string {
  return (
    `<!doctype html><html lang="it"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${esc(title)}</title><style>${STYLE}</style></head>` +
    `<body><main>${body}</main></body></html>`
  );
}

export interface HostedOrder {
  description: string;
  amount: string;
  currency: string;
  reference: string;
  /** The signed purchase parameters, posted back with the choice. */
  params: Record<string, string>;
}

function formatAmount(amount: string, currency: string): string {
  try {
    return new Intl.NumberFormat('it-IT', { style: 'currency', currency }).format(Number(amount));
  } catch {
    return `${amount} ${currency}`;
  }
}

export function orderPage(order: HostedOrder, action: string): string {
  const hidden = Object.entries(order.params)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  return layout(
    'Pagamento - FlexPay (sandbox)',
    `<p class="note" role="note">Ambiente di prova locale: nessun pagamento reale viene addebitato.</p>` +
      `<div class="card"><h1>Conferma il pagamento</h1>` +
      `<dl><dt>Descrizione</dt><dd>${esc(order.description)}</dd>` +
      `<dt>Importo</dt><dd class="amount">${esc(formatAmount(order.amount, order.currency))}</dd>` +
      `<dt>Riferimento ordine</dt><dd>${esc(order.reference)}</dd></dl>` +
      `<form method="post" action="${esc(action)}">${hidden}<div class="actions">` +
      `<button class="pay" type="submit" name="action" value="paga">Paga</button>` +
      `<button class="decline" type="submit" name="action" value="rifiuta">Rifiuta</button>` +
      `<button class="error" type="submit" name="action" value="errore">Errore</button>` +
      `</div></form>` +
      `<p class="help">«Paga» simula un pagamento riuscito, «Rifiuta» una carta rifiutata, ` +
      `«Errore» un errore del circuito di pagamento (nessuna notifica al sito).</p></div>`,
  );
}

export function invalidPage(reason: string): string {
  return layout(
    'Richiesta di pagamento non valida',
    `<div class="card"><h1>Richiesta di pagamento non valida</h1><p>${esc(reason)}</p>` +
      `<p>Torna al sito e riprova l'acquisto.</p></div>`,
  );
}
