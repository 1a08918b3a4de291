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
 * A data table. On narrow screens (< 600px) each row turns into a small card with the
 * column name before every value, so nothing hides past the right edge of a phone; wider
 * tables than that still scroll inside their own box. The ARIA roles are explicit because
 * browsers may drop table semantics once CSS changes a table's display.
 */
export function Table<Row>({ columns, rows, rowKey, caption, label, emptyText }: TableProps<Row>) {
  return (
    <div className="ui-table-wrap">
      <table className="ui-table" role="table" aria-label={caption ? undefined : label}>
        {caption ? <caption>{caption}</caption> : null}
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.key} scope="col" role="columnheader">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.length === 0 && emptyText ? (
            <tr role="row">
              <td role="cell" className="ui-table__empty" colSpan={columns.length}>
                {emptyText}
              </td>
            </tr>
          ) : null}
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row">
              {columns.map((column) => {
                // The column name repeated inside the cell, visible only in the stacked
                // layout; screen readers already get it from the column header.
                const cellLabel = (
                  <span className="ui-table__cell-label" aria-hidden="true">
                    {column.header}
                  </span>
                );
                return column.isRowHeader ? (
                  <th key={column.key} scope="row" role="rowheader">
                    {cellLabel}
                    <span className="ui-table__cell-value">{column.render(row)}</span>
                  </th>
                ) : (
                  <td key={column.key} role="cell">
                    {cellLabel}
                    <span className="ui-table__cell-value">{column.render(row)}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
