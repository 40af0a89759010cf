/**
 * The back office's one table: TanStack Table's model rendered as a plain, captioned HTML table with
 * column headers (scope="col"), optional row headers and an empty state. Pages give columns and rows.
 *
 *   const column = createColumnHelper<typeof tableFeatureSet, Row>();
 *   <DataTable caption={t('caption', { count })} columns={columns} data={rows} empty={t('empty')} />
 */
import { flexRender, tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';

/** The features every back-office table uses (none beyond the core model: sorting and paging are server-side). */
export const tableFeatureSet = tableFeatures({});
export type TableFeatures = typeof tableFeatureSet;

export function DataTable<Row extends RowData>({
  caption,
  columns,
  data,
  empty,
  rowKey,
}: {
  caption: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of any value type, as TanStack's own helpers type them
  columns: ColumnDef<TableFeatures, Row, any>[];
  data: Row[];
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  rowKey?: (row: Row, index: number) => string;
}) {
  const table = useTable({ features: tableFeatureSet, columns, data, ...(rowKey ? { getRowId: rowKey } : {}) });
  if (data.length === 0 && empty) return <p className="bo-empty">{empty}</p>;
  return (
    // A wide table scrolls sideways in its frame: the frame is a named region the keyboard can reach and scroll.
    <div className="bo-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="bo-table">
        <caption>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
