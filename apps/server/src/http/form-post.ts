// A download the browser asks for with a plain HTML form (the console's CSV exports): the form's body, url-encoded and
// empty, is accepted and ignored within the routes of the plugin that calls this, and nowhere else.
import type { FastifyInstance } from 'fastify';

export function acceptEmptyFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );
}
