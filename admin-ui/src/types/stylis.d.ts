// stylis ships no types and @types/stylis is not a dependency; only what emotion's plugin list needs.
declare module 'stylis' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  export type Middleware = (element: any, index: number, children: any[], callback: any) => string | void;
  export const prefixer: Middleware;
}
