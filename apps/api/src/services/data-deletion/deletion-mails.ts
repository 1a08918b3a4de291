// The mails a deletion request's sender receives (issue 31 item 9), in plain Indonesian: the
// confirmation when it arrives, and each status an admin moves it to (diproses, selesai).
import { deletionRequestCode, type DeletionRequestStatus } from '@scrapper/contracts/http/data-deletion';
import { jakartaDateTime } from '@scrapper/contracts/rules/jakarta-time';
import type { NewOutgoingMail } from '@scrapper/db/queries/outgoing-mails';

interface RequestFacts {
  id: string;
  email: string;
  createdAt: Date;
}

const SIGNATURE = ['Salam,', 'Tim Scrapper'];
const DEADLINE_DAYS = 30;

function lines(...parts: string[]): string {
  return `${parts.join('\n')}\n`;
}

function deadlineOf(createdAt: Date): string {
  return jakartaDateTime(new Date(createdAt.getTime() + DEADLINE_DAYS * 86_400_000)).replace(/, .*$/, '');
}

/** The confirmation: what was received, its code, and what happens next. */
export function deletionReceivedMail(request: RequestFacts): NewOutgoingMail {
  const code = deletionRequestCode(request.id);
  return {
    to: request.email,
    subject: `Permintaan penghapusan data diterima (kode ${code})`,
    text: lines(
      'Halo,',
      '',
      `Kami telah menerima permintaan penghapusan data untuk alamat ${request.email} pada ${jakartaDateTime(request.createdAt)} WIB.`,
      `Kode permintaan: ${code}`,
      '',
      'Yang terjadi selanjutnya:',
      '1. Dalam 7 hari admin memverifikasi bahwa permintaan ini memang berasal dari pemilik data. Bila perlu, admin menghubungi Anda di alamat ini.',
      `2. Seluruh data yang terkait dengan Anda dihapus paling lama 30 hari sejak permintaan diterima (sebelum ${deadlineOf(request.createdAt)}), termasuk dari cadangan.`,
      '3. Anda menerima email lagi setiap kali status permintaan berubah: saat diproses dan saat selesai.',
      '',
      'Bila Anda tidak merasa mengirim permintaan ini, abaikan email ini: tidak ada data yang dihapus sebelum verifikasi.',
      '',
      ...SIGNATURE,
    ),
  };
}

/** What each status an admin sets says; baru (a correction back) is not told. */
const STATUS_MAILS: Partial<Record<DeletionRequestStatus, (email: string, code: string, deadline: string) => { subject: string; body: string[] }>> = {
  in_progress: (email, code, deadline) => ({
    subject: `Permintaan penghapusan data sedang diproses (kode ${code})`,
    body: [
      `Permintaan penghapusan data untuk alamat ${email} (kode ${code}) kini sedang diproses oleh admin.`,
      `Penghapusan selesai paling lama ${deadline}. Kami mengirim email lagi begitu selesai.`,
    ],
  }),
  done: (email, code) => ({
    subject: `Permintaan penghapusan data selesai (kode ${code})`,
    body: [
      `Permintaan penghapusan data untuk alamat ${email} (kode ${code}) telah selesai: data yang terkait dengan Anda sudah dihapus dari Scrapper.`,
      'Video yang sudah tayang di YouTube tidak ikut terhapus karena berada di channel Anda; hapus melalui YouTube Studio bila perlu.',
    ],
  }),
};

/** The mail for a status an admin set (diproses, selesai); null for one that is not told. */
export function deletionStatusMail(request: RequestFacts, status: DeletionRequestStatus): NewOutgoingMail | null {
  const compose = STATUS_MAILS[status];
  if (!compose) return null;
  const { subject, body } = compose(request.email, deletionRequestCode(request.id), deadlineOf(request.createdAt));
  return { to: request.email, subject, text: lines('Halo,', '', ...body, '', ...SIGNATURE) };
}
