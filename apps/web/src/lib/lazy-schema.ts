import type { StandardSchemaV1 } from '@standard-schema/spec';

/** What RTK Query's `responseSchema` takes: a Standard Schema (zod's schemas are one). */
type StandardSchema<In, Out> = StandardSchemaV1<In, Out>;

/**
 * A response schema that loads the real one on the first answer it checks, so the chunk declaring an endpoint does not
 * put zod and the contract's schemas on the page's first load. Standard Schema allows an asynchronous `validate`, and
 * RTK Query awaits it; a failed check is the schema's own issues (so `catchSchemaFailure` sees it as before). If the
 * schema's chunk cannot be fetched the query fails, and the next answer tries again.
 */
export function lazySchema<In, Out>(load: () => Promise<StandardSchema<In, Out>>): StandardSchema<In, Out> {
  let loading: Promise<StandardSchema<In, Out>> | undefined;
  return {
    '~standard': {
      version: 1,
      vendor: 'baan-lazy',
      async validate(value: unknown) {
        loading ??= load();
        try {
          return await (await loading)['~standard'].validate(value);
        } catch (error) {
          loading = undefined;
          throw error;
        }
      },
    },
  };
}
