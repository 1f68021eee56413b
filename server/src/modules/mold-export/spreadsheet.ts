import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

export interface SheetColumn {
  header: string;
  width: number;
}

export type Cell = string | number | null;

export interface Sheet {
  name: string;
  columns: SheetColumn[];
  /** Rows in order; an async source is read as the workbook is written (a report streamed in pages). */
  rows: Iterable<Cell[]> | AsyncIterable<Cell[]>;
}

/**
 * Text a spreadsheet program would read as a formula (=, +, -, @, tab, carriage return first) gets
 * a leading apostrophe, so a channel or mould name can never run as one (OWASP CSV injection).
 */
export function escapeCell(cell: Cell): Cell {
  return typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** Sheet names may not hold : \ / ? * [ ] and are at most 31 characters. */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet';

/** Streams one sheet as an .xlsx workbook, row by row. */
export function streamWorkbook(sheet: Sheet): Readable {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const worksheet = workbook.addWorksheet(sheetName(sheet.name), { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = sheet.columns.map(({ header, width }) => ({ header: escapeCell(header) as string, width }));
  worksheet.getRow(1).font = { bold: true };
  void (async () => {
    for await (const row of sheet.rows) {
      // A download given up stops here: a paged source reads no further page.
      if (stream.destroyed) return;
      worksheet.addRow(row.map(escapeCell)).commit();
    }
    await worksheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `attachment` with an ASCII fallback name and the UTF-8 one (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
