// The popup: which Scrapper, as whom, per-platform switches with their last sync, "Sinkronkan
// sekarang" and the last error. The switches are stored; the sync runs in the service worker.
import { connectedOrigins } from '@scrapper/contracts/rules/extension-manifest';
import { PLATFORMS, PLATFORM_LABELS, readState, type ExtensionState } from './lib/state.ts';

const store = chrome.storage.local;
const el = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const timeFormat = new Intl.DateTimeFormat('id-ID', { dateStyle: 'medium', timeStyle: 'short' });

function render(state: ExtensionState): void {
  const origins = connectedOrigins(chrome.runtime.getManifest());
  el('origin').textContent = state.session?.origin ?? origins.join(', ');
  el('user').textContent = state.session?.username ?? 'belum masuk';
  const list = el('platforms');
  list.replaceChildren(
    ...PLATFORMS.map((platform) => {
      const item = document.createElement('li');
      item.className = 'platform';
      const input = document.createElement('input');
      input.type = 'checkbox';
      input.setAttribute('role', 'switch');
      input.id = `switch-${platform}`;
      input.checked = state.enabled[platform] === true;
      input.addEventListener('change', () => {
        void readState(store).then((now) =>
          store.set({ enabled: { ...now.enabled, [platform]: input.checked } }),
        );
      });
      const label = document.createElement('label');
      label.htmlFor = input.id;
      label.textContent = PLATFORM_LABELS[platform];
      const status = document.createElement('span');
      status.className = 'platform__status';
      status.id = `status-${platform}`;
      const s = state.status[platform];
      status.textContent =
        s?.lastError ??
        (s?.lastSyncedAt
          ? `Terakhir: ${timeFormat.format(new Date(s.lastSyncedAt))}`
          : 'Belum pernah');
      if (s?.lastError) status.classList.add('platform__status--error');
      input.setAttribute('aria-describedby', status.id);
      item.append(input, label, status);
      return item;
    }),
  );
  const error = el('error');
  error.textContent = state.lastError ?? '';
  error.hidden = !state.lastError;
}

async function refresh(): Promise<void> {
  render(await readState(store));
}

el<HTMLButtonElement>('sync').addEventListener('click', () => {
  const button = el<HTMLButtonElement>('sync');
  button.disabled = true;
  el('progress').textContent = 'Menyinkronkan…';
  void chrome.runtime
    .sendMessage({ kind: 'sync-now' })
    .catch(() => undefined)
    .finally(() => {
      button.disabled = false;
      el('progress').textContent = 'Selesai.';
      void refresh();
    });
});
chrome.storage.onChanged.addListener(() => void refresh());
void refresh();
