// Every endpoint of the embedded backend, in one list.
import type { Endpoint } from "./http/endpoint";
import { authEndpoints } from "./modules/auth/endpoints";
import { dictEndpoints } from "./modules/dict/endpoints";

export const allEndpoints: Endpoint[] = [...authEndpoints, ...dictEndpoints];
