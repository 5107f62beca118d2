/**
 * Runs the TypeScript sources in a child process of a test the way jest runs them: SWC with decorator
 * metadata (which NestJS's injection needs and tsx/esbuild does not emit), and `@rawnaq/*` resolved to
 * each workspace's `src` (as jest.config.js maps them), so a child never runs a stale `dist`.
 * Usage: fork(file, args, { execArgv: ['--require', require.resolve('./swc-register.cjs')] }).
 */
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { transformSync } = require('@swc/core');

const root = join(__dirname, '..', '..', '..');
const workspace = /^@rawnaq\/(contracts|platform|projections|command-api|query-api|gateway)$/;

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const m = workspace.exec(request);
  return resolve.call(this, m ? join(root, m[1], 'src', 'index.ts') : request, ...rest);
};

Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
