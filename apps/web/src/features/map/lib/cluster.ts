/** A group of points that fall into one cell of the screen grid at the map's zoom. */
export interface Cluster<P> {
  points: P[];
  /** The mean position of its points (where its marker goes). */
  lat: number;
  lon: number;
}

/** The size in screen pixels of a clustering cell: points closer than this share one marker. */
export const CLUSTER_CELL_PX = 64;

/**
 * Grid clustering: each point goes to the cell of the screen grid (at the map's current zoom) its pixel falls in;
 * a cell with one point is that point's own marker, a fuller one a cluster. `toPixel` is the map's projection at
 * that zoom. Order is stable: cells in the order their first point came.
 */
export function gridCluster<P extends { lat: number; lon: number }>(
  points: readonly P[],
  toPixel: (point: P) => { x: number; y: number },
  cellPx = CLUSTER_CELL_PX,
): Cluster<P>[] {
  const cells = new Map<string, P[]>();
  for (const point of points) {
    const { x, y } = toPixel(point);
    const key = `${Math.floor(x / cellPx)}:${Math.floor(y / cellPx)}`;
    const cell = cells.get(key);
    if (cell) cell.push(point);
    else cells.set(key, [point]);
  }
  return [...cells.values()].map((members) => ({
    points: members,
    lat: members.reduce((sum, p) => sum + p.lat, 0) / members.length,
    lon: members.reduce((sum, p) => sum + p.lon, 0) / members.length,
  }));
}
