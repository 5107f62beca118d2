export * from './runner/projection';
export * from './runner/project-batch';
export * from './runner/projection-runner';
export * from './runner/read-models';
