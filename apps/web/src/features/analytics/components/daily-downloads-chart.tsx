import type { Analytics } from '@scrapper/contracts/http/analytics';
import { barHeights } from '../utils/chart-scale.ts';
import { dayLabel } from '../utils/day-label.ts';
import { formatCount } from '../utils/format.ts';

type Day = Analytics['dailyDownloads'][number];

// Geometry in px. The SVG has no viewBox: its width follows the card while heights and text
// stay in real pixels, so the 20 px minimum is 20 px on screen and labels never shrink.
const VALUE_SPACE = 28;
const PLOT_HEIGHT = 160;
const BASELINE = VALUE_SPACE + PLOT_HEIGHT;
const WEEKDAY_Y = BASELINE + 20;
const DATE_Y = BASELINE + 38;
const HEIGHT = DATE_Y + 6;
/** Share of each column the bar takes, centred. */
const BAR_SHARE = 0.56;

function percent(value: number): string {
  return `${(value * 100).toFixed(3)}%`;
}

function summary(days: readonly Day[]): string {
  const total = days.reduce((sum, day) => sum + day.downloads, 0);
  if (total === 0) return 'Grafik unduhan harian, 7 hari terakhir: belum ada unduhan.';
  const top = days.reduce((best, day) => (day.downloads > best.downloads ? day : best));
  return (
    `Grafik unduhan harian, 7 hari terakhir: ${formatCount(total)} unduhan, ` +
    `terbanyak ${formatCount(top.downloads)} pada ${dayLabel(top.date).full}. ` +
    'Rinciannya ada di tabel berikut.'
  );
}

/**
 * The daily chart (spec part 2, section 9: the last 7 days, bars at least 20 px). Screen
 * readers get a one-line summary from the image and the exact figures from a visually
 * hidden table.
 */
export function DailyDownloadsChart({ days }: { days: readonly Day[] }) {
  const heights = barHeights(
    days.map((day) => day.downloads),
    PLOT_HEIGHT,
  );
  const columns = Math.max(days.length, 1);
  const empty = days.every((day) => day.downloads === 0);

  return (
    <>
      <svg
        className="daily-chart"
        width="100%"
        height={HEIGHT}
        role="img"
        aria-label={summary(days)}
        data-testid="daily-chart"
      >
        <line className="daily-chart__baseline" x1="0" x2="100%" y1={BASELINE} y2={BASELINE} />
        {days.map((day, index) => {
          const height = heights[index] ?? 0;
          const label = dayLabel(day.date);
          const centre = percent((index + 0.5) / columns);
          return (
            <g key={day.date} data-date={day.date}>
              {height > 0 ? (
                <rect
                  className="daily-chart__bar"
                  x={percent((index + (1 - BAR_SHARE) / 2) / columns)}
                  y={BASELINE - height}
                  width={percent(BAR_SHARE / columns)}
                  height={height}
                  rx="4"
                />
              ) : null}
              <text
                className={
                  height > 0 ? 'daily-chart__value' : 'daily-chart__value daily-chart__value--zero'
                }
                x={centre}
                y={BASELINE - height - 8}
                textAnchor="middle"
              >
                {formatCount(day.downloads)}
              </text>
              <text className="daily-chart__weekday" x={centre} y={WEEKDAY_Y} textAnchor="middle">
                {label.weekday}
              </text>
              <text className="daily-chart__date" x={centre} y={DATE_Y} textAnchor="middle">
                {label.short}
              </text>
            </g>
          );
        })}
      </svg>
      {empty ? <p className="muted chart-note">Belum ada unduhan dalam 7 hari terakhir.</p> : null}
      <div className="ui-visually-hidden">
        <table>
          <caption>Unduhan harian, 7 hari terakhir</caption>
          <thead>
            <tr>
              <th scope="col">Tanggal</th>
              <th scope="col">Unduhan</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{dayLabel(day.date).full}</th>
                <td>{formatCount(day.downloads)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
