// 地址 (/shop/address): parents' addresses from their module definition (contract/modules/address.ts).
// The area is chosen with the area selector (province / city / district, the district's code is
// sent); 设为默认 switches the parent's one default address on the backend.
import { addressModule } from "#contract/modules/address";
import type { Route } from "./+types/addresses";
import { AreaSelect } from "~/components/widgets/area";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import { useRowIntents, type RowIntent } from "~/components/widgets/list/use-row-intents";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction, postRowId, type ListRecord } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const page = modulePage(addressModule, {
  columns: {
    parentId: { width: 120 },
    receiver: { width: 120 },
    phone: { width: 130 },
    // The backend names the area (省/市/区) beside its code.
    district: { width: 220, sorter: false, render: (_value, row) => String(row.areaText ?? "") },
    detail: { width: 240 },
    isDefault: { width: 90 },
  },
  form: { district: { kind: "custom", render: () => <AreaSelect aria-label="所在地区" /> } },
});

const ADDRESS_FETCHER = "address-list";
const ROW_ACTIONS: RowIntent[] = [
  { key: "setDefault", label: "设为默认", permission: `${addressModule.permissionPrefix}:edit`, visible: (row: ListRecord) => row.isDefault !== "Y" },
];

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "地址");

export const action = (route: Route.ActionArgs) =>
  listAction(route, page.list, { setDefault: postRowId("/shop/address/setDefault") });

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "地址" }];

export default function AddressesPage({ loaderData }: Route.ComponentProps) {
  const rowActions = useRowIntents(ADDRESS_FETCHER, ROW_ACTIONS);
  return <ModuleListPage page={page} data={loaderData} fetcherKey={ADDRESS_FETCHER} rowActions={rowActions} form={{ defaults: { isDefault: "N" } }} />;
}

export const ErrorBoundary = RouteErrorBoundary;
