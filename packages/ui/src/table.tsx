import type { ReactNode } from 'react';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  /** Row header cells (th scope=row) name the row for screen readers, e.g. the username. */
  isRowHeader?: boolean;
}

export interface TableProps<Row> {
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** A visible caption; give `label` instead when the heading above already says it. */
  caption?: ReactNode;
  label?: string;
  /** Shown in a single cell when there are no rows. */
  emptyText?: ReactNode;
}

/**
 * A data table that scrolls sideways inside its own box on narrow screens instead of pushing
 * the page wider than the phone.
 */
export function Table<Row>({ columns, rows, rowKey, caption, label, emptyText }: TableProps<Row>) {
  return (
    <div className="ui-table-wrap">
      <table className="ui-table" aria-label={caption ? undefined : label}>
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && emptyText ? (
            <tr>
              <td className="ui-table__empty" colSpan={columns.length}>
                {emptyText}
              </td>
            </tr>
          ) : null}
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) =>
                column.isRowHeader ? (
                  <th key={column.key} scope="row">
                    {column.render(row)}
                  </th>
                ) : (
                  <td key={column.key}>{column.render(row)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
