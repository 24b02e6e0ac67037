import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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
    // After the service worker is written (VitePWA's closeBundle), so dist/sw.js gets its copies too.
    closeBundle: { order: 'post', sequential: true, handler: compressAll },
  };
  async function compressAll() {
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
  }
}

/**
 * The files the visitor app can load: its entry (index.html) and every chunk it imports, statically or
 * lazily (each screen), with their CSS and assets. The service worker precaches these and nothing of the
 * operator console (console.html and its own chunks), which a visitor never opens (decision 035).
 */
function visitorFiles(): { plugin: Plugin; files: Set<string>; languages: Map<string, string> } {
  const files = new Set<string>();
  /** The chunks of one language's texts (src/locales/<language>/), by file name: the worker fetches the visitor's. */
  const languages = new Map<string, string>();
  const plugin: Plugin = {
    name: 'quackquest:visitor-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      files.clear();
      languages.clear();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || files.has(fileName)) return;
        files.add(fileName);
        if (chunk.type !== 'chunk') return;
        const language = /[\\/]src[\\/]locales[\\/]([^\\/]+)[\\/][^\\/]+\.ts$/.exec(chunk.facadeModuleId ?? '')?.[1];
        if (language) languages.set(fileName, language);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
        [...chunk.imports, ...chunk.dynamicImports].forEach(visit);
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html')) visit(chunk.fileName);
      }
      if (files.size === 0) this.error('no chunk for index.html: the precache would be empty');
    },
  };
  return { plugin, files, languages };
}

const visitor = visitorFiles();

/**
 * The @fontsource stylesheets (Noto Sans SC and Tamil, decision 051) name a woff2 file and a woff one per slice;
 * every browser the app runs in reads woff2, so the woff copies are dropped (about 9 MB of the build for Chinese).
 */
function woff2Only(): Plugin {
  return {
    name: 'quackquest:woff2-only',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]@fontsource[\\/].*\.css$/.test(id)) return null;
      return code.replace(/,\s*url\([^)]*\.woff\) format\('woff'\)/g, '');
    },
  };
}

/**
 * The visitor app's own stylesheet (5.5 kB, under 2 kB compressed) written into index.html instead of linked: the
 * first paint waits for no second request (Lighthouse's render-blocking-resources, about 150 ms on /checkpoints and
 * /rewards). A disabled link to the file stays beside it: browsers do not fetch a disabled stylesheet, and Vite's
 * preloading of a lazy screen, which lists this file among the screen's styles, finds it there and does not fetch
 * it either. The console's page keeps its ordinary link.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'quackquest:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename, bundle }) {
        if (path.basename(filename) !== 'index.html' || !bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*? href="\/(assets\/[^"]+\.css)">/g, (link, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return link;
          return `<style>${String(asset.source)}</style><link rel="stylesheet" href="/${file}" disabled>`;
        });
      },
    },
  };
}

/** The signed-in layout, and what two or more signed-in screens import besides it (see the `signed-in` group). */
const signedInShared = [
  'app/signed-in.tsx',
  'components/bottom-bar.tsx',
  'components/ducks-header.tsx',
  'components/load-failed.tsx',
  'lib/first-answer.ts',
  'lib/rank-text.ts',
  'features/checkpoints/use-now.ts',
  'features/rewards/inventory-api.ts',
  'features/rewards/profile-api.ts',
  'features/rewards/reward-availability.ts',
  'features/rewards/rewards.css',
];

export default defineConfig({
  plugins: [
    react(),
    woff2Only(),
    precompress(),
    inlineEntryCss(),
    visitor.plugin,
    // The service worker (Workbox; decisions 035 and 091): sw/sw.ts, built with the precache list below into dist/sw.js.
    // Registered by the app itself after the page has loaded (src/features/offline/install-prompt.ts), never before the
    // first screen.
    VitePWA({
      injectRegister: null,
      // public/manifest.webmanifest is the app's manifest, linked from index.html.
      manifest: false,
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectManifest: {
        // A classic worker: it loads the reminders' handlers with importScripts (public/push-handlers.js).
        rollupFormat: 'iife',
        // The app shell and every screen's code, the scanner's jsQR decoder among them (decision 077), and the reminder's
        // two small pictures (5 kB, decision 093); not the other PNG icons (the browser fetches them to install) and not
        // the WebAssembly decoder (464 kB gzipped: fetched only when jsQR cannot read the camera's frames, then kept in
        // its own cache).
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}', 'icons/notification-96.png', 'icons/badge-72.png'],
        globIgnores: ['console.html', '**/*.wasm', 'sw.js'],
        manifestTransforms: [
          async (entries) => ({
            // Not the fonts' stylesheets (assets/font-*, 100 kB for Chinese): cached with the language instead. Each
            // language's texts marked with it (`lang`): the worker fetches those of the languages its pages show.
            manifest: entries
              .filter(
                (entry) =>
                  !/\.(?:js|css)$/.test(entry.url) || (visitor.files.has(entry.url) && !entry.url.startsWith('assets/font-')),
              )
              .map((entry) => {
                const lang = visitor.languages.get(entry.url);
                return lang ? { ...entry, lang } : entry;
              }),
            warnings: [],
          }),
        ],
      },
    }),
  ],
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
              // The fonts' stylesheets of Chinese and Tamil (decision 051), named so the service worker knows them.
              name: 'font-zh-hans',
              test: (id) => /[\\/]@fontsource[\\/]noto-sans-sc[\\/]/.test(id),
            },
            {
              name: 'font-ta',
              test: (id) => /[\\/]@fontsource[\\/]noto-sans-tamil[\\/]/.test(id),
            },
            {
              name: 'app',
              tags: ['$initial'],
              test: (id) => !/\.html|[\\/]src[\\/](console[\\/]|app[\\/]|main\.tsx|lib[\\/]server-texts)/.test(id),
            },
            {
              // The texts the app says itself (the sign-in screens' among them) stay with the entry: imported by the
              // coded sentences' table too (@quackquest/contract/errors, signed-in screens only), they would
              // otherwise follow it into the signed-in chunk and drag that onto the welcome page.
              name: 'app',
              test: (id) => /[\\/]contract[\\/]src[\\/]messages\.ts$/.test(id),
            },
            {
              // The signed-in layout with all it imports (the query library, the game texts, the offline queue)
              // and the small modules the signed-in screens share, in one chunk: a signed-in screen then loads 4
              // JavaScript files after the entry instead of 14 to 20, which over HTTP/1.1's 6 connections per
              // origin took several round trips (decision 041). Not what a signed-out screen imports too (the back
              // button), which would drag this chunk onto /signup and /login.
              name: 'signed-in',
              test: (id) => signedInShared.some((file) => id.replaceAll('\\', '/').endsWith(`/src/${file}`)),
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
