/** One jest run for every package; SWC transpiles TypeScript (with decorator metadata for NestJS). */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^@rawnaq/(contracts|platform|projections|command-api|query-api|gateway)$': '<rootDir>/$1/src',
  },
  testMatch: [
    '<rootDir>/*/src/**/*.spec.ts',
    '<rootDir>/*/src/**/*.spec.tsx',
    '<rootDir>/*/e2e/**/*.spec.ts',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
  testTimeout: 30000,
  // two workers: the browser tests (mostly waiting on the browser) beside the other suites
  maxWorkers: 2,
  testSequencer: '<rootDir>/jest.sequencer.cjs',
  // the run's folder, where the HTTP suites' demo salon is seeded once
  globalSetup: '<rootDir>/jest.global-setup.cjs',
  globalTeardown: '<rootDir>/jest.global-teardown.cjs',
};
