/** The public entry of the orders desk module (back office): its search and order page reads. */
export { createOrderDeskService, type OrderDeskService } from './order-desk.service.ts';
export { searchOrders, type OrderSearch } from './order-search.ts';
export { orderDeskRoutes } from './order-desk.routes.ts';
