/**
 * `npm run openapi -- [file]`: writes the service's OpenAPI 3.1 document (the one it serves at
 * /api-v1/api/openapi.json) to a file, `openapi.json` in the current folder unless one is named.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { appVersion } from './app-root.js';
import { endpointList } from '../shared/endpoints/index.js';
import { buildOpenApi } from '../shared/openapi.js';
import { handlers } from './service/endpoints/index.js';

export function openApiDocument(): unknown {
  const implemented = new Set(handlers.map((h) => h.endpoint.name));
  return buildOpenApi(endpointList, { implemented, version: `v1 (Optical POS ${appVersion()})` });
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const file = path.resolve(process.argv[2] ?? 'openapi.json');
  writeFileSync(file, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
  console.log(`OpenAPI document written to ${file}`);
}
