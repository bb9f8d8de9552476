/**
 * Help in the app: `/help/` lists the guides, `/help/<name>` shows one, `/help/images/<file>` its
 * pictures. Public like the renderer's own files (they hold nothing of the store), and answered
 * under the same request checks as every route.
 */
import type { FastifyInstance } from 'fastify';
import { HELP_PREFIX } from '../../../shared/help.js';
import { HELP_CSS, helpImage, helpIndex, helpPage } from './guides.js';

const HELP_CSP = ["default-src 'none'", "style-src 'self'", "img-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"].join('; ');

export function registerHelpRoutes(app: FastifyInstance, dir?: string): void {
  app.get(`${HELP_PREFIX}/`, async (_request, reply) => reply.type('text/html; charset=utf-8').header('content-security-policy', HELP_CSP).send(helpIndex()));
  // A router that ignores a trailing slash (the service's) answers `/help` with the route above.
  if (!app.hasRoute({ method: 'GET', url: HELP_PREFIX })) app.get(HELP_PREFIX, async (_request, reply) => reply.redirect(`${HELP_PREFIX}/`));
  app.get(`${HELP_PREFIX}/help.css`, async (_request, reply) => reply.type('text/css; charset=utf-8').send(HELP_CSS));
  app.get<{ Params: { name: string } }>(`${HELP_PREFIX}/:name`, async (request, reply) => {
    const html = helpPage(request.params.name, dir);
    if (html === null) return reply.code(404).send({ message: `There is no guide called "${request.params.name}"` });
    return reply.type('text/html; charset=utf-8').header('content-security-policy', HELP_CSP).send(html);
  });
  app.get<{ Params: { file: string } }>(`${HELP_PREFIX}/images/:file`, async (request, reply) => {
    const png = helpImage(request.params.file, dir);
    if (png === null) return reply.code(404).send({ message: 'No such picture' });
    return reply.type('image/png').header('cache-control', 'no-cache').send(png);
  });
}
