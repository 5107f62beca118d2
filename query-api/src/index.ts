export { QueryApiModule, type QueryApiDeps } from './query-api.module';
export { publicMenu, publicShop, type PublicMenu, type PublicShop } from './online/salon-pages';
