/** The plots of a product (src/lib/api/plots.ts; the reservation change and rebooking ask them through this flow too). */
export { getPlots, plotsQuery, usePlots, type PlotWindow } from '../../../lib/api/plots.ts';
