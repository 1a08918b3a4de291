// The extension's background: keeps the token in chrome.storage.local, syncs on request, on the
// 6-hour alarm and from the popup.
import { connectedOrigins } from '@scrapper/contracts/rules/extension-manifest';
import { createBackground, ensureSyncAlarm } from './lib/background.ts';

const background = createBackground({
  cookies: chrome.cookies,
  store: chrome.storage.local,
  fetch: (url, init) => fetch(url, { ...init, credentials: 'omit', cache: 'no-store' }),
  connected: connectedOrigins(chrome.runtime.getManifest()),
  extensionOrigin: `chrome-extension://${chrome.runtime.id}`,
});

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  background.onMessage(message, sender).then(sendResponse, () => sendResponse({ ok: false }));
  return true;
});
chrome.alarms.onAlarm.addListener((alarm) => void background.onAlarm(alarm));
chrome.runtime.onInstalled.addListener(() => void ensureSyncAlarm(chrome.alarms));
chrome.runtime.onStartup.addListener(() => void ensureSyncAlarm(chrome.alarms));
