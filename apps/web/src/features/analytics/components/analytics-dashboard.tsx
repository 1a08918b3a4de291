import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { Link } from 'react-router';
import { LoadState } from '@/components/load-state.tsx';
import { paths } from '@/config/paths.ts';
import { useAnalytics } from '../hooks/use-analytics.ts';
import { DailyDownloadsChart } from './daily-downloads-chart.tsx';
import { PlatformDistribution } from './platform-distribution.tsx';
import { RecentDownloads } from './recent-downloads.tsx';
import { ScrapeCosts } from './scrape-costs.tsx';
import { StatCards } from './stat-cards.tsx';
import './analytics.css';

/** Spec part 2, section 8. */
export const ANALYTICS_LOAD_ERROR = 'Gagal memuat data analytics';

export interface AnalyticsDashboardProps {
  isAdmin: boolean;
}

/**
 * The analytics page body: figures, platform distribution, the 7-day chart, the monthly
 * Apify costs, recent downloads, and the links to the policy pages (spec part 2, section 2).
 */
export function AnalyticsDashboard({ isAdmin }: AnalyticsDashboardProps) {
  const { data, status, reload } = useAnalytics();

  return (
    <div className="analytics">
      <div className="analytics__toolbar">
        <p className="muted analytics__scope">
          {isAdmin ? 'Angka dari semua pengguna.' : 'Angka dari unduhan Anda.'}
        </p>
        <Button size="sm" onClick={reload} loading={status === 'loading' && data !== null}>
          Muat Ulang
        </Button>
      </div>

      <LoadState
        loading={status === 'loading' && data === null}
        error={status === 'error' ? ANALYTICS_LOAD_ERROR : null}
        onRetry={reload}
      />

      {data ? (
        <>
          <section aria-labelledby="analytics-summary">
            <h2 id="analytics-summary" className="ui-visually-hidden">
              Ringkasan
            </h2>
            <StatCards data={data} />
          </section>
          <div className="analytics__charts">
            <Card title="Unduhan Harian" className="analytics__daily">
              <p className="muted chart-caption">7 hari terakhir (WIB), termasuk hari ini.</p>
              <DailyDownloadsChart days={data.dailyDownloads} />
            </Card>
            <Card title="Distribusi Platform" className="analytics__platforms">
              <PlatformDistribution rows={data.downloadsByPlatform} />
            </Card>
          </div>
          <Card title="Biaya Scraping (Apify)" className="analytics__costs">
            <ScrapeCosts costs={data.scrapeCosts} isAdmin={isAdmin} />
          </Card>
          <Card title="Unduhan Terbaru">
            {data.recentDownloads.length === 0 && data.totalDownloads === 0 ? (
              <p className="muted">
                Belum ada unduhan. Pilih video di <Link to={paths.downloader}>Downloader</Link>{' '}
                untuk memulai.
              </p>
            ) : (
              <RecentDownloads rows={data.recentDownloads} showUsername={isAdmin} />
            )}
          </Card>
        </>
      ) : null}

      <Card title="Privasi dan Data">
        <p className="muted">
          Cara Scrapper mengelola data Anda, aturan pemakaiannya, dan cara meminta penghapusan data.
        </p>
        <ul className="analytics__links">
          <li>
            <Link to={paths.privacyPolicy}>Kebijakan Privasi</Link>
          </li>
          <li>
            <Link to={paths.termsOfService}>Ketentuan Layanan</Link>
          </li>
          <li>
            <Link to={paths.dataDeletion}>Penghapusan Data Pengguna</Link>
          </li>
        </ul>
      </Card>
    </div>
  );
}
