import { quotaResetText, UPLOAD_EXTRAS_UNITS } from '@scrapper/contracts/rules/youtube-quota';
import { Button } from '@scrapper/ui/button';
import type { AccountQuotaState } from '@/hooks/use-account-quota.ts';
import './quota-summary.css';

const numberFormat = new Intl.NumberFormat('id-ID');

export interface QuotaSummaryProps {
  state: AccountQuotaState;
  onRetry: () => void;
}

/**
 * "Sisa unggahan hari ini" of the selected account's OAuth client and when Google resets it
 * (midnight Pacific time, shown in WIB). Nothing for an account whose client was deleted: it
 * shows "Perlu Refresh" already and must connect again.
 */
export function QuotaSummary({ state, onRetry }: QuotaSummaryProps) {
  if (state.status === 'idle') return null;
  if (state.status === 'error') {
    return (
      <p className="yt-quota yt-quota--error">
        Sisa unggahan hari ini tidak dapat dimuat.{' '}
        <Button size="sm" variant="ghost" onClick={onRetry}>
          Coba lagi
        </Button>
      </p>
    );
  }
  if (state.quota === null)
    return <p className="yt-quota muted">Memuat sisa unggahan hari ini...</p>;
  const today = state.quota.quotaToday;
  if (!today) return null;
  const reset = quotaResetText(new Date(today.resetsAt));
  const left = numberFormat.format(today.uploadsRemaining);
  const limit = numberFormat.format(today.uploadsLimit);
  return (
    <div className="yt-quota">
      <p
        className={
          today.uploadsRemaining === 0 ? 'yt-quota__line yt-quota__line--empty' : 'yt-quota__line'
        }
      >
        Sisa unggahan hari ini: <strong>{left}</strong> dari {limit} · {reset}
      </p>
      {today.uploadsRemaining === 0 ? (
        <p className="yt-quota__note">
          Kuota unggahan client ini sudah habis. Upload baru tetap diterima dan akan berjalan
          otomatis setelah kuota {reset}.
        </p>
      ) : null}
      {today.unitsRemaining < UPLOAD_EXTRAS_UNITS ? (
        <p className="yt-quota__note">
          Kuota unit hari ini tinggal {numberFormat.format(today.unitsRemaining)}: video tetap
          terupload, tetapi thumbnail dan playlist bisa dilewati sampai kuota {reset}.
        </p>
      ) : null}
    </div>
  );
}
