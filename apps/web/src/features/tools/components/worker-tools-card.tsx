import { YTDLP_MAX_AGE_DAYS, type WorkerTools } from '@scrapper/contracts/http/tools';
import { ytDlpNeedsJsRuntime } from '@scrapper/contracts/rules/yt-dlp-release';
import { Badge } from '@scrapper/ui/badge';
import type { ReactNode } from 'react';
import { CHECK_OUTCOMES, SOURCE_LABELS, formatAge, formatWib } from '../utils/describe-tools.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const unknown = <span className="muted">tidak diketahui</span>;

function Time({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatWib(iso)}</time>;
}

function JsRuntime({ ytDlp }: { ytDlp: NonNullable<WorkerTools['tools']>['ytDlp'] }) {
  const { jsRuntime } = ytDlp;
  if (jsRuntime.wired) {
    return (
      <>
        Terpasang <span className="muted">(Node {jsRuntime.nodeVersion})</span>
      </>
    );
  }
  const needed = ytDlp.version !== null && ytDlpNeedsJsRuntime(ytDlp.releaseDate ?? ytDlp.version);
  return needed ? (
    <span className="tool-card__problem">Tidak terpasang, padahal versi ini membutuhkannya</span>
  ) : (
    <>
      Tidak terpasang <span className="muted">(belum diperlukan versi ini)</span>
    </>
  );
}

/** One worker's programs: yt-dlp (version, age, source, last update check, JS runtime), ffmpeg, ffprobe. */
/** What the worker's URL guard lets through besides the public internet. */
function privateNetworkText(network: NonNullable<NonNullable<WorkerTools['tools']>['network']>): string {
  if (network.allowPrivateNetworkFetch) return 'semua diizinkan (ALLOW_PRIVATE_NETWORK_FETCH=true)';
  if (network.allowHosts.length > 0) return `hanya ${network.allowHosts.join(', ')} (FETCH_ALLOW_PRIVATE_HOSTS)`;
  return 'diblokir';
}

function PrivateNetwork({ network }: { network: NonNullable<NonNullable<WorkerTools['tools']>['network']> }) {
  const text = privateNetworkText(network);
  return network.allowPrivateNetworkFetch ? <span className="tool-card__problem">{text}</span> : <>{text}</>;
}

export function WorkerToolsCard({ worker }: { worker: WorkerTools }) {
  const { tools, lastCheck } = worker;
  const ytDlp = tools?.ytDlp;
  const isOld = worker.ytDlpAgeDays !== null && worker.ytDlpAgeDays > YTDLP_MAX_AGE_DAYS;
  return (
    <li className="tool-card" aria-labelledby={`tool-card-${worker.workerId}`}>
      <div className="tool-card__head">
        <h3 className="tool-card__host" id={`tool-card-${worker.workerId}`}>
          {worker.hostname} <span className="muted tool-card__pid">(PID {worker.pid})</span>
        </h3>
        {worker.isStale ? (
          <Badge tone="danger">Tidak merespons</Badge>
        ) : (
          <Badge tone="info">Aktif</Badge>
        )}
      </div>
      {!tools || !ytDlp ? (
        <p className="muted tool-card__note">
          Worker ini belum melaporkan alatnya (baru mulai, atau versinya lebih lama dari API).
        </p>
      ) : (
        <dl className="tool-meta">
          <Field label="Versi yt-dlp">
            {ytDlp.version ?? <span className="tool-card__problem">tidak ada</span>}
          </Field>
          <Field label="Umur">
            {worker.ytDlpAgeDays === null ? (
              unknown
            ) : (
              <span className={isOld ? 'tool-card__problem' : undefined}>
                {formatAge(worker.ytDlpAgeDays)}
                {isOld ? ` (lebih dari ${YTDLP_MAX_AGE_DAYS} hari)` : ''}
              </span>
            )}
          </Field>
          <Field label="Sumber">
            {SOURCE_LABELS[ytDlp.source]}
            {ytDlp.path ? (
              <>
                {' '}
                <code className="tool-card__path">{ytDlp.path}</code>
              </>
            ) : null}
          </Field>
          <Field label="Pembaruan">
            {ytDlp.source === 'pinned'
              ? 'tidak diganti otomatis (dipatok)'
              : `kanal ${ytDlp.channel}, otomatis ${ytDlp.autoUpdate ? 'aktif' : 'mati (YTDLP_AUTO_UPDATE=false)'}`}
          </Field>
          {ytDlp.source !== 'pinned' && ytDlp.releaseUrl ? (
            <Field label="Server rilis">
              <code className="tool-card__path">{ytDlp.releaseUrl}</code>
            </Field>
          ) : null}
          <Field label="Cek pembaruan terakhir">
            {lastCheck ? (
              <span className="tool-card__check">
                <span>
                  <Time iso={lastCheck.at} />{' '}
                  <Badge tone={CHECK_OUTCOMES[lastCheck.outcome].tone}>
                    {CHECK_OUTCOMES[lastCheck.outcome].label}
                  </Badge>
                </span>
                {lastCheck.latestVersion ? (
                  <span className="muted">Versi terbaru di server: {lastCheck.latestVersion}</span>
                ) : null}
                <span>{lastCheck.message}</span>
              </span>
            ) : (
              <span className="muted">belum pernah</span>
            )}
          </Field>
          <Field label="Runtime JavaScript">
            <JsRuntime ytDlp={ytDlp} />
          </Field>
          <Field label="ffmpeg">
            {tools.ffmpeg.version ?? <span className="tool-card__problem">tidak ada</span>}
          </Field>
          <Field label="ffprobe">
            {tools.ffprobe.version ?? <span className="tool-card__problem">tidak ada</span>}
          </Field>
          {tools.network ? (
            <Field label="Jaringan privat">
              <PrivateNetwork network={tools.network} />
            </Field>
          ) : null}
          <Field label="Dilaporkan">
            <Time iso={tools.reportedAt} />
          </Field>
        </dl>
      )}
    </li>
  );
}
