/**
 * GET /api-v1/fonts/<file>: the four Noto files the printed HTML names, and nothing else. No
 * token (a print window loading a page cannot send one; the files are public OFL fonts), long
 * cache (the bytes of a name never change within a version), and no path is ever built from
 * the request: the name must be one of the FONT_FILES keys.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fontFolder, isFontFile, type FontFile } from './fonts.js';
import { FONT_ROUTE } from './page.js';

export function registerFontRoute(app: FastifyInstance): void {
  const cache = new Map<FontFile, Buffer>();
  app.get<{ Params: { file: string } }>(`${FONT_ROUTE}/:file`, async (request, reply) => {
    const { file } = request.params;
    if (!isFontFile(file)) return reply.code(404).send({ message: 'No such font' });
    let bytes = cache.get(file);
    if (!bytes) {
      bytes = readFileSync(path.join(fontFolder(), file));
      cache.set(file, bytes);
    }
    return reply
      .type('font/ttf')
      .header('cache-control', 'public, max-age=31536000, immutable')
      // Web fonts load in CORS mode; a print window with an opaque origin (about:blank, data:)
      // may fetch these public files too. Nothing else the service answers carries this header.
      .header('access-control-allow-origin', '*')
      .send(bytes);
  });
}
