const t0 = performance.now();
const { PGlite } = await import('@electric-sql/pglite');
const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
const t1 = performance.now();
const db = new PGlite(process.argv[2], { extensions: { pg_trgm } });
await db.waitReady;
const t2 = performance.now();
console.log('import', (t1 - t0).toFixed(0), 'init', (t2 - t1).toFixed(0), 'cpu', JSON.stringify(process.cpuUsage()));
