// Runs on the connected Scrapper's pages only (the manifest's matches): passes the web app's
// messages (docs/extension-protocol.md) that pass the filter to the service worker.
import { connectedOrigins } from '@scrapper/contracts/rules/extension-manifest';
import { pageCommand } from './lib/page-messages.ts';

const connected = connectedOrigins(chrome.runtime.getManifest());

window.addEventListener('message', (event: MessageEvent) => {
  const command = pageCommand(event, window, window.location.origin, connected);
  if (command) void chrome.runtime.sendMessage(command).catch(() => undefined);
});
