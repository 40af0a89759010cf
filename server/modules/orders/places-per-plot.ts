/** What a checkout's lines take from each plot: places, and one counted order per line. */
export function placesPerPlot(lines: readonly { plotId: number | null; quantity: number }[]): Map<number, { places: number; orders: number }> {
  const perPlot = new Map<number, { places: number; orders: number }>();
  for (const line of lines) {
    if (line.plotId === null) continue;
    const entry = perPlot.get(line.plotId) ?? { places: 0, orders: 0 };
    entry.places += line.quantity;
    entry.orders += 1;
    perPlot.set(line.plotId, entry);
  }
  return perPlot;
}
