// The page Google's redirect lands on, inside the connect popup. The app's CSP forbids inline
// scripts, so this page sends its own CSP naming its one script and one style by hash.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

// Closes the popup: at once after success (the opener reloads its accounts when it sees the
// popup closed), on a click after an error so the member can read it first.
const SCRIPT = `(function () {
  var button = document.getElementById('close');
  if (button) button.addEventListener('click', function () { window.close(); });
  if (document.body.getAttribute('data-autoclose') === 'true') setTimeout(function () { window.close(); }, 1500);
})();`;

const STYLE = `body{font-family:system-ui,sans-serif;background:#0f172a;color:#e2e8f0;display:flex;min-height:100vh;margin:0;align-items:center;justify-content:center}
main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.25rem}p{color:#cbd5e1;line-height:1.5}
button{margin-top:1rem;padding:.5rem 1.25rem;border:0;border-radius:.375rem;background:#2563eb;color:#fff;font-size:1rem;cursor:pointer}`;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The Content-Security-Policy this page is sent with. */
export const CALLBACK_PAGE_CSP = [
  "default-src 'none'",
  `script-src ${hash(SCRIPT)}`,
  `style-src ${hash(STYLE)}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface CallbackPage {
  status: number;
  title: string;
  message: string;
  /** Success: the popup closes by itself. */
  autoClose: boolean;
}

export function renderCallbackPage(page: CallbackPage): string {
  return `<!doctype html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
<style>${STYLE}</style>
</head>
<body data-autoclose="${page.autoClose ? 'true' : 'false'}">
<main>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.message)}</p>
<button id="close" type="button">Tutup jendela</button>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/** Sends the page with the headers a popup page needs (YouTube's, TikTok's and Meta's callbacks). */
export function sendCallbackPage(reply: FastifyReply, page: CallbackPage): FastifyReply {
  return reply
    .code(page.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', CALLBACK_PAGE_CSP)
    // The popup must stay the opener's window to close itself and be seen closing.
    .header('cross-origin-opener-policy', 'unsafe-none')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(renderCallbackPage(page));
}
