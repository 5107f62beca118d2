import 'reflect-metadata';
import { PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { CommandApiModule } from '@rawnaq/command-api';
import { QueryApiModule } from '@rawnaq/query-api';

export type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** e.g. `/api/merchant/customers/:id` */
  path: string;
  realm: 'merchant' | 'manager' | undefined;
  isPublic: boolean;
  controller: string;
  handler: string;
};

const join = (...parts: string[]) =>
  '/' +
  parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/');

/**
 * Every HTTP route of both APIs, read from the Nest controllers' metadata (the same the router
 * uses), so a route added later is in the list without anyone adding it.
 */
export const allRoutes = (): Route[] => {
  const controllers = [
    ...(CommandApiModule.create({} as never).controllers ?? []),
    ...(QueryApiModule.create({} as never).controllers ?? []),
  ] as Array<new (...args: never[]) => object>;
  const routes: Route[] = [];
  for (const controller of controllers) {
    const base = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    const realm = Reflect.getMetadata('rawnaq:realm', controller) as Route['realm'];
    const proto = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const fn = proto[name];
      if (name === 'constructor' || typeof fn !== 'function') continue;
      const method = Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod | undefined;
      const paths = Reflect.getMetadata(PATH_METADATA, fn) as string | string[] | undefined;
      if (method === undefined || paths === undefined) continue;
      for (const b of base)
        for (const p of ([] as string[]).concat(paths))
          routes.push({
            method: RequestMethod[method] as Route['method'],
            path: join(b, p),
            realm: (Reflect.getMetadata('rawnaq:realm', fn) as Route['realm']) ?? realm,
            isPublic: Boolean(
              Reflect.getMetadata('rawnaq:public', fn) ?? Reflect.getMetadata('rawnaq:public', controller),
            ),
            controller: controller.name,
            handler: name,
          });
    }
  }
  return routes;
};
