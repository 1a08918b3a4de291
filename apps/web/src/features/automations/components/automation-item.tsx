import type { Automation } from '@scrapper/contracts/http/automations';
import type { PublishAccount } from '@scrapper/contracts/http/publish';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { useId } from 'react';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { isRunning, runSummary, scheduleSummary, sourceSummary } from '../utils/describe.ts';
import { destinationsSummary } from '../utils/destinations.ts';

export type AutomationAction = 'run' | 'pause' | 'resume' | 'edit' | 'delete' | 'runs';

export interface AutomationItemProps {
  automation: Automation;
  showOwner: boolean;
  busy: boolean;
  /** The viewer's destinations, to name the automation's. */
  accounts: readonly PublishAccount[];
  onAction: (action: AutomationAction, automation: Automation) => void;
}

/** One automation: what it scrapes, when, its state and last run, and what can be done. */
export function AutomationItem({
  automation,
  showOwner,
  busy,
  accounts,
  onAction,
}: AutomationItemProps) {
  const titleId = useId();
  const paused = automation.status === 'paused';
  const running = isRunning(automation);
  const act = (action: AutomationAction) => () => onAction(action, automation);
  return (
    <li className="automation-item" aria-labelledby={titleId}>
      <div className="automation-item__head">
        <h3 id={titleId} className="automation-item__name">
          {automation.name}
        </h3>
        <Badge tone={paused ? 'warning' : 'info'}>{paused ? 'Dijeda' : 'Aktif'}</Badge>
        {running ? <Badge tone="info">Sedang berjalan</Badge> : null}
      </div>
      <dl className="automation-item__facts">
        {showOwner ? (
          <div>
            <dt>Pemilik</dt>
            <dd>{automation.owner.username}</dd>
          </div>
        ) : null}
        <div>
          <dt>Sumber</dt>
          <dd>{sourceSummary(automation.source)}</dd>
        </div>
        <div>
          <dt>Jadwal</dt>
          <dd>{scheduleSummary(automation.schedule)}</dd>
        </div>
        <div>
          <dt>Berikutnya</dt>
          <dd>
            {automation.nextRunAt ? formatDateTime(automation.nextRunAt) : 'Tidak dijadwalkan'}
          </dd>
        </div>
        <div>
          <dt>Run terakhir</dt>
          <dd>{automation.lastRun ? runSummary(automation.lastRun) : 'Belum pernah berjalan'}</dd>
        </div>
        {automation.publish ? (
          <>
            <div>
              <dt>Tujuan</dt>
              <dd>{destinationsSummary(automation.publish.destinations, accounts)}</dd>
            </div>
            <div>
              <dt>Slot posting</dt>
              <dd>
                {automation.publish.slots.join(', ')} WIB, maksimal {automation.publish.maxPerDay}{' '}
                per hari
              </dd>
            </div>
          </>
        ) : null}
      </dl>
      {paused && automation.pausedReason ? (
        <p className="automation-item__reason" role="note">
          Dijeda: {automation.pausedReason}
        </p>
      ) : null}
      <div className="row-actions row-actions--wrap">
        <Button
          size="sm"
          variant="primary"
          disabled={running}
          loading={busy}
          onClick={act('run')}
          aria-label={`Jalankan sekarang: ${automation.name}`}
        >
          Jalankan sekarang
        </Button>
        <Button size="sm" onClick={act('runs')} aria-label={`Lihat run: ${automation.name}`}>
          Lihat run
        </Button>
        <Button
          size="sm"
          onClick={act(paused ? 'resume' : 'pause')}
          disabled={busy}
          aria-label={`${paused ? 'Lanjutkan' : 'Jeda'}: ${automation.name}`}
        >
          {paused ? 'Lanjutkan' : 'Jeda'}
        </Button>
        <Button size="sm" onClick={act('edit')} aria-label={`Edit: ${automation.name}`}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="danger"
          onClick={act('delete')}
          aria-label={`Hapus: ${automation.name}`}
        >
          Hapus
        </Button>
      </div>
    </li>
  );
}
