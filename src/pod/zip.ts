/**
 * Byte-reproducible zip archives: entries sorted by name, one fixed timestamp and mode, stored
 * (PNGs are already compressed), no extended-timestamp fields.
 */
import yazl from "yazl";

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/**
 * yazl writes the DOS timestamp from the Date's local-time fields, so a Date built from local
 * fields gives 2000-01-01 00:00 in every time zone.
 */
const FIXED_MTIME = (): Date => new Date(2000, 0, 1, 0, 0, 0);

export function zipEntries(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const sorted = [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of sorted) {
    zip.addBuffer(e.data, e.name, { mtime: FIXED_MTIME(), mode: 0o100644, compress: false, forceDosTimestamp: true });
  }
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    zip.outputStream.on("data", (c: Buffer) => chunks.push(c));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
  zip.end();
  return done;
}
