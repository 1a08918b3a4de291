import type { ToolsResponse } from '@scrapper/contracts/http/tools';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { LoadState } from '@/components/load-state.tsx';
import { useResource } from '@/hooks/use-resource.ts';
import { listTools } from '../api.ts';
import { TOOLS_TAB_LABEL } from '../utils/tools-tab.ts';
import { WorkerToolsCard } from './worker-tools-card.tsx';
import './tools.css';

/** Reports change when a worker starts or checks for updates (daily): a minute is plenty. */
export const REFRESH_MS = 60_000;

export const LOAD_ERROR = 'Gagal memuat status alat.';

interface Loaded {
  status: ToolsResponse;
  hasLoaded: boolean;
}

const EMPTY: Loaded = { status: { workers: [], warnings: [] }, hasLoaded: false };

async function loadTools(signal: AbortSignal): Promise<Loaded> {
  return { status: await listTools(signal), hasLoaded: true };
}

/**
 * Admin tab "Alat & Layanan": per worker, the programs it runs (yt-dlp with its age, source,
 * last update check and JS runtime; ffmpeg, ffprobe), and at the top what needs an admin.
 */
export function ToolsPanel() {
  const list = useResource(loadTools, EMPTY, { refreshMs: REFRESH_MS, events: ['tools'] });
  const { reload } = list;

  const { workers, warnings } = list.data.status;
  const reported = workers.filter((worker) => worker.tools !== null).length;

  return (
    <Card
      title={TOOLS_TAB_LABEL}
      actions={
        <Button size="sm" variant="ghost" onClick={reload}>
          Muat ulang
        </Button>
      }
    >
      <p className="muted form-note">
        Program yang dipakai setiap worker untuk mengunduh dan mengolah video. yt-dlp yang dikelola
        aplikasi diperbarui otomatis setiap hari; versi yang lebih tua dari 90 hari sering gagal
        mengunduh dari TikTok, YouTube dan Instagram.
      </p>
      <LoadState
        loading={list.status === 'loading' && !list.data.hasLoaded}
        loadingLabel="Memuat status alat..."
        error={list.status === 'error' ? LOAD_ERROR : null}
        onRetry={reload}
      />
      {warnings.length > 0 ? (
        <Alert tone="warning" title={`${warnings.length} peringatan`} className="tool-warnings">
          <ul className="tool-warnings__list">
            {warnings.map((warning) => (
              <li key={`${warning.code}-${warning.workerId ?? ''}-${warning.message}`}>
                {warning.message}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {list.data.hasLoaded && reported === 0 ? (
        <p className="tool-empty">
          {workers.length === 0
            ? 'Belum ada worker yang melaporkan alatnya: tidak ada worker yang berjalan dalam satu jam terakhir.'
            : `Belum ada worker yang melaporkan alatnya. ${workers.length} worker berjalan; laporannya muncul setelah worker memeriksa program yang dipakainya.`}
        </p>
      ) : null}
      {workers.length > 0 ? (
        <ul className="tool-cards" aria-label="Alat per worker">
          {workers.map((worker) => (
            <WorkerToolsCard key={worker.workerId} worker={worker} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
