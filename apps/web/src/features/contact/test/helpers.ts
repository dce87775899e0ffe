import { jsonResponse as json, type Route, stubFetch } from '../../../test/http';

export { json, type Route, stubFetch };

/** A promise to answer a request later, to see the form while it sends. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
