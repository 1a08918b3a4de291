// JSON answers of 1 KB and more go out brotli- or gzip-compressed (the web app's files are
// compressed at build time, apps/api/src/routes/web). Stored files streamed with byte ranges
// (media, previews, result files: lib/send-stored-file.ts says Accept-Ranges) are sent as they
// are: a range must count bytes of the file itself, and videos do not shrink anyway.
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

export const compressionPlugin = fp(async (app) => {
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.hasHeader('accept-ranges')) request.headers['x-no-compression'] = 'ranged file';
    done(null, payload);
  });
});
