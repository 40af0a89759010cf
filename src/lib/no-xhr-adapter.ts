/**
 * Stands in for axios's XMLHttpRequest adapter in the storefront build (vite.config.ts alias): every
 * browser the shop supports has fetch, and the API client asks for the fetch adapter, so the XHR
 * adapter's ~4 KiB (gzip) would only weigh on the first page. `false` reads as "not supported".
 */
export default false;
