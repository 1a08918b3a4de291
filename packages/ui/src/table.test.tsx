import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table } from './table.tsx';

const rows = [
  { id: '1', name: 'budi', role: 'user' },
  { id: '2', name: 'sari', role: 'admin' },
];

describe('Table', () => {
  it('names the table, its columns and each row by its row header', () => {
    render(
      <Table
        label="Daftar pengguna"
        rows={rows}
        rowKey={(row) => row.id}
        columns={[
          { key: 'name', header: 'Username', isRowHeader: true, render: (row) => row.name },
          { key: 'role', header: 'Role', render: (row) => row.role },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Daftar pengguna' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Username', 'Role']);
    const row = within(table).getByRole('row', { name: /sari/ });
    // The column name repeated for the phone layout is hidden from assistive technology.
    expect(within(row).getByRole('rowheader').textContent).toBe('Usernamesari');
    within(row).getByRole('rowheader', { name: 'sari' });
    within(row).getByRole('cell', { name: 'admin' });
  });

  it('shows the empty text when there are no rows', () => {
    render(
      <Table label="Kosong" rows={[]} rowKey={() => ''} emptyText="Belum ada data." columns={[]} />,
    );
    screen.getByText('Belum ada data.');
  });
});
