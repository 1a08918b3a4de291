import type { PlatformRateLimit } from '@scrapper/contracts/http/rate-limits';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { TextInput } from '@scrapper/ui/text-input';
import { useState, type FormEvent } from 'react';
import { LoadState } from '@/components/load-state.tsx';
import { useResource } from '@/hooks/use-resource.ts';
import { ApiError } from '@/lib/api-error.ts';
import { listRateLimits, setRateLimit } from '../api.ts';
import { parseLimit } from '../utils/parse-limit.ts';
import './rate-limits.css';

function RateLimitRow({
  entry,
  onSaved,
}: {
  entry: PlatformRateLimit;
  onSaved: (next: PlatformRateLimit) => void;
}) {
  const [text, setText] = useState(
    entry.requestsPerMinute === null ? '' : String(entry.requestsPerMinute),
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseLimit(text);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    setSaving(true);
    setSaved(false);
    try {
      onSaved(await setRateLimit(entry.platform, parsed.value));
      setSaved(true);
    } catch (err) {
      setError(
        `Gagal menyimpan batas: ${err instanceof ApiError ? (err.serverMessage ?? err.message) : String(err)}`,
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="rate-limit-row"
      onSubmit={(e) => void submit(e)}
      aria-label={`Batas ${entry.platform}`}
    >
      <TextInput
        label={`${entry.platform} (permintaan per menit)`}
        inputMode="numeric"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setSaved(false);
        }}
        placeholder="Tanpa batas"
        hint={`Menit ini: ${entry.usedThisMinute} permintaan${entry.requestsPerMinute === null ? '' : ` dari ${entry.requestsPerMinute}`}.`}
        error={error ?? undefined}
      />
      <Button type="submit" size="sm" disabled={saving}>
        {saving ? 'Menyimpan...' : 'Simpan'}
      </Button>
      <span role="status" className="rate-limit-saved">
        {saved ? 'Tersimpan.' : ''}
      </span>
    </form>
  );
}

/**
 * Admin: requests per minute each platform gets from all workers together (downloads and
 * previews), so bursts do not get the server's IP or the platform cookies banned.
 */
export function RateLimitsPanel() {
  const { data, setData, status, reload } = useResource<PlatformRateLimit[]>(listRateLimits, []);
  return (
    <Card title="Batas Permintaan per Platform">
      <p className="rate-limit-intro">
        Batas ini berlaku untuk semua worker sekaligus (unduhan dan preview). Unduhan yang melewati
        batas menunggu menit berikutnya. Kosongkan untuk tanpa batas.
      </p>
      <LoadState
        loading={status === 'loading' && data.length === 0}
        error={status === 'error' ? 'Gagal memuat batas permintaan.' : null}
        onRetry={reload}
      />
      <div className="rate-limit-list">
        {data.map((entry) => (
          <RateLimitRow
            key={entry.platform}
            entry={entry}
            onSaved={(next) =>
              setData((rows) => rows.map((r) => (r.platform === next.platform ? next : r)))
            }
          />
        ))}
      </div>
    </Card>
  );
}
