// What `npm start` prints once everything runs (issue 20): where to open it, how the first
// admin logs in, and what to set up next, in the order the admin's checklist shows it.
import { privateFetchWarning, type PrivateFetchSettings } from '@scrapper/contracts/rules/private-fetch';

export interface AdminLogin {
  /** Set when this start created the first admin. */
  createdUsername?: string;
  /** Set when this start generated its password (printed once, by the API, too). */
  generatedPassword?: string;
}

export interface NextStepsInput {
  address: string;
  adminUsername: string;
  login: AdminLogin;
  /** The JSON log file under LOG_FORMAT=pretty; undefined when the JSON goes to stdout. */
  logFile: string | undefined;
  /** ALLOW_PRIVATE_NETWORK_FETCH / FETCH_ALLOW_PRIVATE_HOSTS: said before anything else. */
  privateFetch?: PrivateFetchSettings;
}

function loginLine({ adminUsername, login }: NextStepsInput): string {
  if (login.createdUsername && login.generatedPassword) {
    return `Login admin: ${login.createdUsername} / ${login.generatedPassword}  (kata sandi ini hanya ditampilkan sekali; ganti setelah login)`;
  }
  if (login.createdUsername) return `Login admin: ${login.createdUsername} dengan kata sandi dari ADMIN_PASSWORD`;
  return `Login admin: akun yang sudah ada (ADMIN_USERNAME: ${adminUsername})`;
}

export function nextSteps(input: NextStepsInput): string {
  const privateFetch = input.privateFetch && privateFetchWarning(input.privateFetch, 'proses ini');
  const lines = [
    ...(privateFetch ? [`  PERINGATAN: ${privateFetch}`, ''] : []),
    `  Buka ${input.address} di browser.`,
    `  ${loginLine(input)}`,
    '',
    '  Langkah berikutnya (daftar yang sama ada di Dashboard admin):',
    '    1. Admin > API Key: tambahkan kunci Apify (wajib untuk scraping).',
    '    2. Admin > Client Secret: tambahkan client secret Google (untuk YouTube Upload).',
    '    3. Admin > API Key: tambahkan kunci Gemini (judul dan deskripsi dengan AI).',
    '    4. Opsional: Admin > Cookie untuk platform yang meminta login.',
    '    5. Admin > Pengguna: buat akun untuk anggota tim.',
    '',
    input.logFile
      ? `  Konsol ini menampilkan peringatan, error dan satu baris per tugas selesai; log JSON lengkap: ${input.logFile}`
      : '  LOG_FORMAT=json: setiap baris log JSON ditulis ke stdout.',
    '',
  ];
  return lines.join('\n');
}
