/** The plots of a product (src/lib/api/plots.ts: shared with the reservation change and rebooking). */
export { getPlots, plotsQuery, usePlots, type PlotWindow } from '../../../lib/api/plots.ts';
