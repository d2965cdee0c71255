// 商城管理 (issue #14): commodities, carts and orders (addresses are a module of their own).
import type { Endpoint } from "../../http/endpoint";
import { commodityEndpoints } from "./commodity/commodity-endpoints";
import { orderEndpoints } from "./order/order-endpoints";
import { cartEndpoints } from "./cart/cart-endpoints";

export const shopEndpoints: Endpoint[] = [...commodityEndpoints, ...orderEndpoints, ...cartEndpoints];
