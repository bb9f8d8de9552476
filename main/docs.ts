/**
 * `npm run docs`: the guides as the app's Help shows them, served on loopback without a store.
 *
 *   npm run docs [-- --port 5180]
 */
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { GUIDES, HELP_PREFIX } from '../shared/help.js';
import { registerHelpRoutes } from './service/help/route.js';

export const DOCS_OPTIONS = { port: { type: 'string' } } as const;

async function main() {
  const { values } = parseArgs({ options: DOCS_OPTIONS });
  const port = values.port === undefined ? 5180 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, got "${values.port}"`);
  const app = Fastify();
  registerHelpRoutes(app);
  app.get('/', async (_request, reply) => reply.redirect(`${HELP_PREFIX}/`));
  const address = await app.listen({ host: '127.0.0.1', port });
  console.log(`Optical POS guides: ${address}${HELP_PREFIX}/`);
  for (const g of GUIDES) console.log(`  ${g.title.padEnd(20)} ${address}${HELP_PREFIX}/${g.name}   (docs/${g.name}.md)`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
