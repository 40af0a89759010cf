/**
 * Stands in for axios's XMLHttpRequest adapter in the storefront build (vite.config.ts alias): every
 * browser the shop supports has fetch, which axios then picks, so the XHR adapter's ~1 KiB (gzip)
 * would only weigh on the first page. `false` reads as "not supported".
 */
export default false;
