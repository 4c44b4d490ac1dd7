/** The one Node module the server entry uses (entry-server.tsx); the storefront's types stay the browser's. */
declare module 'node:async_hooks' {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, callback: () => R): R;
    getStore(): T | undefined;
  }
}
