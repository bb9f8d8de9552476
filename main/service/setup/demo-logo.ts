/**
 * The demo branches' logos: small PNGs drawn here, so the demo shows print headers with a logo
 * without shipping image files. A ring (a lens) in the brand colour on white.
 */
import { crc32, deflateSync } from 'node:zlib';
import { writeLogo } from '../catalog/logo-file.js';
import type { Db } from '../db/database.js';
import { branches } from '../store/branch.js';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function demoLogoPng(size: number, rgb: readonly [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const rows: Buffer[] = [];
  const centre = (size - 1) / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3, 255);
    row[0] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x - centre, y - centre) / (size / 2);
      if (r > 0.55 && r < 0.85) row.set(rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const BRAND_COLOURS: ReadonlyArray<readonly [number, number, number]> = [[0x0b, 0x5c, 0x8f], [0x8f, 0x2d, 0x56]];

/** Each demo branch gets logo.png in its logo folder, named on the branch row. */
export function seedDemoLogos(db: Db, dataDir: string, store: { branchIds: Map<string, number> }): void {
  [...store.branchIds.values()].forEach((branchId, i) => {
    writeLogo(dataDir, branchId, 'logo.png', demoLogoPng(96, BRAND_COLOURS[i % BRAND_COLOURS.length]!));
    branches(db).setLogo(branchId, 'logo.png');
  });
}
