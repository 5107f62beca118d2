export { QueryApiModule, type QueryApiDeps } from './query-api.module';
