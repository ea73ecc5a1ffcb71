// exceljs zips a workbook with JSZip, which stamps every entry with the current time: the same
// workbook written twice differs in those bytes. This sets every entry's DOS date and time to a fixed
// value, walking the central directory (found from the end-of-central-directory record) so that only
// real header fields are touched.

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

function dosDateTime(year: number, month: number, day: number): { date: number; time: number } {
  return { date: ((year - 1980) << 9) | (month << 5) | day, time: 12 << 11 };
}

export function fixZipTimestamps(zip: Buffer, year = 2024, month = 1, day = 1): Buffer {
  const out = Buffer.from(zip);
  const { date, time } = dosDateTime(year, month, day);
  let eocd = -1;
  for (let i = out.length - 22; i >= Math.max(0, out.length - 22 - 65535); i--) {
    if (out.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error("not a zip file: no end-of-central-directory record");
  const entries = out.readUInt16LE(eocd + 10);
  let at = out.readUInt32LE(eocd + 16);
  for (let n = 0; n < entries; n++) {
    if (out.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw new Error(`zip central directory broken at ${at}`);
    out.writeUInt16LE(time, at + 12);
    out.writeUInt16LE(date, at + 14);
    const local = out.readUInt32LE(at + 42);
    if (out.readUInt32LE(local) !== LOCAL_SIGNATURE) throw new Error(`zip local header broken at ${local}`);
    out.writeUInt16LE(time, local + 10);
    out.writeUInt16LE(date, local + 12);
    at += 46 + out.readUInt16LE(at + 28) + out.readUInt16LE(at + 30) + out.readUInt16LE(at + 32);
  }
  return out;
}
