import type { ReactNode } from 'react';

export interface Stat {
  key: string;
  label: ReactNode;
  value: ReactNode;
  /** Takes two columns (a list of names rather than a figure). */
  wide?: boolean;
}

/** A row of figures as a description list (label -> value), named for screen readers. */
export function StatGrid({ label, stats }: { label: string; stats: Stat[] }) {
  return (
    <section aria-label={label}>
      <dl className="stat-grid">
        {stats.map((stat) => (
          <div key={stat.key} className={stat.wide ? 'stat-card stat-card--wide' : 'stat-card'}>
            <dt className="stat-card__label">{stat.label}</dt>
            <dd
              className={
                stat.wide ? 'stat-card__value stat-card__value--text' : 'stat-card__value'
              }
            >
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
