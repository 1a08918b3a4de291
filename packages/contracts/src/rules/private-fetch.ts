// Fetching from private networks is never silent (issue 29 item 6): the start banners, the
// admin's tool warnings and the "Alat & Layanan" tab say so in the same words, naming the setting.

/** What a process fetches beyond the public internet. */
export interface PrivateFetchSettings {
  /** ALLOW_PRIVATE_NETWORK_FETCH. */
  allowPrivateNetworkFetch: boolean;
  /** FETCH_ALLOW_PRIVATE_HOSTS (`host:port`). */
  allowHosts: readonly string[];
}

/** The warning for the settings, in Indonesian, or undefined when the guard is fully on. */
export function privateFetchWarning(settings: PrivateFetchSettings, where: string): string | undefined {
  if (settings.allowPrivateNetworkFetch) {
    return `ALLOW_PRIVATE_NETWORK_FETCH=true di ${where}: pengaman URL dimatikan, jadi unduhan, webhook dan pencarian audio boleh menjangkau jaringan lokal dan privat (termasuk 127.0.0.1 dan alamat metadata cloud). Hanya untuk uji coba; matikan di server sungguhan, atau izinkan tujuan tertentu saja dengan FETCH_ALLOW_PRIVATE_HOSTS.`;
  }
  if (settings.allowHosts.length > 0) {
    return `FETCH_ALLOW_PRIVATE_HOSTS di ${where} mengizinkan tujuan privat berikut: ${settings.allowHosts.join(', ')}. Pengaman URL tetap aktif untuk semua alamat lain.`;
  }
  return undefined;
}
