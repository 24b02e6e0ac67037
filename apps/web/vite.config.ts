import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br and a .gz copy of every text file (and the scanner's .wasm) of the build, public files
 * included; the server sends them to browsers that accept them (@fastify/static `preCompressed`), so
 * nothing is compressed per request. Files that do not shrink by a tenth are left alone.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'quackquest:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((e) => e.isFile() && /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|wasm)$/.test(e.name))
        .map((e) => path.join(e.parentPath, e.name))
        // Not .vite/ (the build manifest, when one is asked for): read by tools, never served.
        .filter(
          (file) =>
            !path
              .relative(outDir, file)
              .split(path.sep)
              .some((part) => part.startsWith('.')),
        );
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
            }),
            gzipAsync(bytes, { level: 9 }),
          ]);
          if (br.length < bytes.length * 0.9) await writeFile(`${file}.br`, br);
          if (gz.length < bytes.length * 0.9) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    target: 'es2022',
    // Two entries: the visitor app (index.html) and the operator console (console.html, docs/product.md §15),
    // so the visitor's first screen never loads console code.
    rollupOptions: {
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        console: path.resolve(import.meta.dirname, 'console.html'),
      },
      output: {
        // What the two entries load before their first render (their static imports), in one chunk rather
        // than in a dozen small ones cut by which lazy screens share them: fewer files, each compressed whole,
        // keeps the first screen within its budget (decision 037). Not the console's own modules, and not
        // lib/server-texts.ts (it sets the visitor's language on the API client; the console stays English).
        codeSplitting: {
          groups: [
            {
              name: 'app',
              tags: ['$initial'],
              test: (id) => !/\.html|[\\/]src[\\/](console[\\/]|app[\\/]|main\.tsx|lib[\\/]server-texts)/.test(id),
            },
          ],
        },
      },
    },
    // The scanner's zxing .wasm is emitted as a file (self-hosted, never from a CDN).
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/healthz': 'http://127.0.0.1:3000' },
  },
});
