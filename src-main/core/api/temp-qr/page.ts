// The /temp-qr/<token> page: static HTML, CSS and JS with no inline code, so a strict CSP holds. The page
// finds its token in location.pathname and polls the token-scoped JSON state; it never puts the token
// anywhere else (no links, no third-party requests, Referrer-Policy no-referrer).

export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Link WhatsApp - Switchboard</title>
<link rel="stylesheet" href="/temp-qr/assets/page.css">
<script src="/temp-qr/assets/page.js" defer></script>
</head>
<body>
<main>
  <h1>Link a WhatsApp account</h1>
  <p class="status">Status: <strong id="status" data-testid="status">loading...</strong></p>
  <section id="qr-box" hidden>
    <p>On your phone open WhatsApp &gt; Settings &gt; Linked devices &gt; Link a device, and scan this code.</p>
    <img id="qr" data-testid="qr" alt="QR code to scan with WhatsApp" width="264" height="264">
    <p class="small">The code changes every 20 to 60 seconds; this page follows it.</p>
  </section>
  <section id="code-box" hidden>
    <h2>Or link with a phone number</h2>
    <form id="code-form">
      <label for="phone">Phone number with country code, digits only</label>
      <input id="phone" name="phone_number" inputmode="numeric" autocomplete="off" placeholder="15551234567" required>
      <button type="submit">Get pairing code</button>
    </form>
    <p id="code" data-testid="pairing-code" class="code"></p>
    <p id="code-error" class="error" role="alert"></p>
  </section>
  <section id="done" hidden><p>This device is linked. You can close this page.</p></section>
  <section id="expired" hidden><p>This link has expired or was revoked. Ask for a new one.</p></section>
  <p class="small">Link valid until <span id="expires">-</span>.</p>
</main>
</body>
</html>`

export const EXPIRED_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>Link expired - Switchboard</title>
<link rel="stylesheet" href="/temp-qr/assets/page.css"></head>
<body><main><h1>Link expired</h1><p>This link has expired or was revoked. Ask the owner of the instance for a new one.</p></main></body></html>`

export const PAGE_CSS = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1b1f24}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem}h2{font-size:1.05rem;margin-top:1.5rem}
#qr{display:block;margin:1rem auto;image-rendering:pixelated}
.small{font-size:.85rem;color:#555}.error{color:#b00020}
.code{font:700 1.8rem ui-monospace,monospace;letter-spacing:.15em;text-align:center}
label{display:block;margin-bottom:.3rem}input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}
button{margin-top:.5rem;padding:.5rem 1rem;font-size:1rem}`

export const PAGE_JS = `'use strict';
(function () {
  var token = location.pathname.split('/')[2] || '';
  var base = '/temp-qr/' + encodeURIComponent(token);
  var labels = { STARTING: 'starting', SCAN_QR_CODE: 'waiting for the phone', WORKING: 'linked', STOPPED: 'stopped', FAILED: 'failed' };
  var lastQr = null, stopped = false;
  function $(id) { return document.getElementById(id); }
  function show(id, on) { $(id).hidden = !on; }
  function expired() { stopped = true; show('qr-box', false); show('code-box', false); show('done', false); show('expired', true); $('status').textContent = 'expired'; }
  function render(s) {
    $('status').textContent = labels[s.status] || s.status;
    $('expires').textContent = new Date(s.expires_at).toLocaleTimeString();
    var scanning = s.status === 'SCAN_QR_CODE';
    show('qr-box', scanning && !!s.qr); show('code-box', scanning); show('done', s.status === 'WORKING');
    if (s.qr && s.qr !== lastQr) { $('qr').src = s.qr; lastQr = s.qr; }
  }
  function poll() {
    if (stopped) return;
    fetch(base + '/state', { cache: 'no-store', credentials: 'omit', referrerPolicy: 'no-referrer' })
      .then(function (r) { if (r.status === 410 || r.status === 404) { expired(); return null; } return r.json(); })
      .then(function (s) { if (s) render(s); })
      .catch(function () {})
      .then(function () { if (!stopped) setTimeout(poll, 700); });
  }
  $('code-form').addEventListener('submit', function (ev) {
    ev.preventDefault();
    $('code').textContent = ''; $('code-error').textContent = '';
    fetch(base + '/pairing-code', { method: 'POST', headers: { 'content-type': 'application/json' }, credentials: 'omit', referrerPolicy: 'no-referrer',
      body: JSON.stringify({ phone_number: $('phone').value.replace(/\\D/g, '') }) })
      .then(function (r) { return r.json().then(function (b) { return { ok: r.ok, b: b }; }); })
      .then(function (x) { if (x.ok) $('code').textContent = x.b.code; else $('code-error').textContent = x.b.message || 'Could not get a code'; })
      .catch(function () { $('code-error').textContent = 'Could not reach Switchboard'; });
  });
  poll();
})();
`
