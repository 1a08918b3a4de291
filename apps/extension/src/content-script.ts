// Runs on the connected Scrapper's pages only (the manifest's matches): says hello to the web app
// (whether the extension holds a token for this Scrapper, so the app makes one only when needed)
// and passes the web app's messages (docs/extension-protocol.md) that pass the filter to the
// service worker.
import { connectedOrigins } from '@scrapper/contracts/rules/extension-manifest';
import { helloMessage, pageCommand } from './lib/page-messages.ts';

const connected = connectedOrigins(chrome.runtime.getManifest());

async function sayHello(): Promise<void> {
  const answer = (await chrome.runtime.sendMessage({ kind: 'status' }).catch(() => null)) as {
    connected?: unknown;
  } | null;
  window.postMessage(helloMessage(answer?.connected === true), window.location.origin);
}

window.addEventListener('message', (event: MessageEvent) => {
  const command = pageCommand(event, window, window.location.origin, connected);
  if (!command) return;
  if (command.kind === 'ping') void sayHello();
  else void chrome.runtime.sendMessage(command).catch(() => undefined);
});
void sayHello();
