import {
  SCRAPE_COST_TOP_MEMBERS,
  type MonthlyScrapeCost,
  type ScrapeCosts as ScrapeCostsData,
} from '@scrapper/contracts/http/analytics';
import { Select } from '@scrapper/ui/select';
import { Table } from '@scrapper/ui/table';
import type { TableColumn } from '@scrapper/ui/table';
import { useState } from 'react';
import { monthCostText, monthLabel, monthRunsText } from '../utils/month-cost.ts';

type MemberCost = MonthlyScrapeCost & { userId: string; username: string };

export interface ScrapeCostsProps {
  costs: ScrapeCostsData;
  /** Admins see everyone's months and a table per member. */
  isAdmin: boolean;
}

const monthColumns: TableColumn<MonthlyScrapeCost>[] = [
  { key: 'month', header: 'Bulan', isRowHeader: true, render: (row) => monthLabel(row.month) },
  { key: 'cost', header: 'Biaya', render: (row) => monthCostText(row) },
  { key: 'runs', header: 'Run', render: (row) => monthRunsText(row) },
];

const memberColumns: TableColumn<MemberCost>[] = [
  { key: 'username', header: 'Pengguna', isRowHeader: true, render: (row) => row.username },
  { key: 'cost', header: 'Biaya', render: (row) => monthCostText(row) },
  { key: 'runs', header: 'Run', render: (row) => monthRunsText(row) },
];

/**
 * What the Apify runs cost per Jakarta month: this month's total, the last six months, and for
 * admins each member's cost in a chosen month (highest first).
 */
export function ScrapeCosts({ costs, isAdmin }: ScrapeCostsProps) {
  const current = costs.monthly.at(-1);
  const [month, setMonth] = useState(current?.month ?? '');
  const newestFirst = [...costs.monthly].reverse();
  const members: MemberCost[] = (costs.byMember ?? [])
    .map((member) => {
      const cost = member.monthly.find((m) => m.month === month);
      return cost ? { ...cost, userId: member.userId, username: member.username } : undefined;
    })
    .filter((member): member is MemberCost => member !== undefined && member.runs > 0)
    .sort((a, b) => b.totalUsd - a.totalUsd || a.username.localeCompare(b.username))
    .slice(0, SCRAPE_COST_TOP_MEMBERS);
  // The answer lists each month's highest members only; the month says how many there were.
  const membersInMonth = costs.monthly.find((m) => m.month === month)?.members ?? members.length;

  return (
    <div className="scrape-costs">
      <p className="muted chart-caption">
        Biaya run Apify per bulan (WIB), menurut waktu tugas dibuat;{' '}
        {isAdmin ? 'semua pengguna.' : 'tugas Anda.'}
      </p>
      {current ? (
        <p className="scrape-costs__current">
          <span className="scrape-costs__current-label">
            {isAdmin ? 'Total bulan ini' : 'Biaya Anda bulan ini'} ({monthLabel(current.month)})
          </span>
          <span className="scrape-costs__current-value">{monthCostText(current)}</span>
        </p>
      ) : null}
      <Table
        label="Biaya scraping per bulan"
        columns={monthColumns}
        rows={newestFirst}
        rowKey={(row) => row.month}
      />
      {isAdmin && costs.byMember ? (
        <section className="scrape-costs__members" aria-labelledby="scrape-costs-members">
          <h3 id="scrape-costs-members" className="scrape-costs__heading">
            Biaya per pengguna
          </h3>
          <Select
            label="Bulan"
            options={newestFirst.map((m) => ({ value: m.month, label: monthLabel(m.month) }))}
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            className="scrape-costs__month"
          />
          <Table
            label={`Biaya scraping per pengguna, ${monthLabel(month)}`}
            columns={memberColumns}
            rows={members}
            rowKey={(row) => row.userId}
            emptyText="Tidak ada scraping pada bulan ini."
          />
          {membersInMonth > members.length ? (
            <p className="muted">
              Menampilkan {members.length} pengguna dengan biaya tertinggi dari {membersInMonth}{' '}
              pengguna yang menjalankan scraping pada bulan ini.
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
