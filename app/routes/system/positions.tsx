// 职务管理 (/isystem/position): positions on the list engine. Codes are unique per tenant (the
// form asks the duplicate check first; the backend's unique index decides).
import { useMemo } from "react";
import type { Route } from "./+types/positions";
import { ListPage } from "~/components/list/list-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { requireMenuPage } from "~/services/menu-access.server";
import { listAction, loadList, type ListPageDefinition } from "~/services/list.server";
import { dictOptions } from "~/services/options.server";
import { withRouteFailures } from "~/services/route-errors.server";
import { POSITION_PAGE, positionColumns, positionFormFields, positionFormSchema, positionSearchFields, positionSuperQuery } from "./positions.data";

const page: ListPageDefinition<typeof positionFormSchema> = {
  url: POSITION_PAGE.url,
  form: positionFormSchema,
  // The code never changes once created (it is what users' `post` refers to).
  toBody: (values, id) => {
    const { code, ...rest } = values;
    return id ? rest : { code, ...rest };
  },
};

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route);
  const [list, ranks] = await Promise.all([loadList(access, route.url, page), withRouteFailures(() => dictOptions(access.signedIn.api, "position_rank"))]);
  return {
    title: access.node.meta.title ?? "职务管理",
    list,
    options: { ranks },
  };
}

export async function action(route: Route.ActionArgs) {
  return listAction(route, page);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "职务管理" }];

export default function PositionsPage({ loaderData }: Route.ComponentProps) {
  const { title, list, options } = loaderData;
  const formFields = useMemo(() => positionFormFields(options), [options]);
  return (
    <ListPage
      title={title}
      data={list}
      url={POSITION_PAGE.url}
      superQuery={positionSuperQuery}
      columns={positionColumns}
      searchFields={positionSearchFields}
      permissionPrefix={POSITION_PAGE.permissionPrefix}
      form={{ fields: formFields, schema: positionFormSchema, width: 700 }}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
