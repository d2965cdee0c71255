// 家长 (/school/parent): parents; the list and the detail view show their children, the detail
// view their addresses too (地址, /shop/address).
import { parentModule } from "#contract/modules/people";
import type { Route } from "./+types/parents";
import { ModuleListPage } from "~/components/widgets/list/module-list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import type { FormField } from "~/components/widgets/list/types";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { listAction } from "~/services/list.server";
import { loadModulePage } from "~/services/module-page.server";

const page = modulePage(parentModule);
const columns = [...page.columns, { title: "子女", dataIndex: "childrenText", width: 220 }];
// Children and addresses, read-only: the student's form and the address page are where they change.
const withChildren = (fields: FormField[]): FormField[] => [
  ...fields,
  { name: "childrenText", label: "子女", kind: "custom", render: ({ record }) => childrenOf(record), detail: childrenOf },
  {
    name: "addresses",
    label: "地址",
    kind: "custom",
    visibleWhen: (values) => Boolean(values.id),
    render: ({ record }) => addressesOf(record),
    detail: addressesOf,
  },
];

const childrenOf = (record: Record<string, unknown> | null) => <span>{String(record?.childrenText || "—")}</span>;
const addressesOf = (record: Record<string, unknown> | null) => <ParentAddresses lines={Array.isArray(record?.addresses) ? (record.addresses as string[]) : []} />;

function ParentAddresses({ lines }: { lines: string[] }) {
  if (lines.length === 0) return <span>—</span>;
  return (
    <ul className="parent-addresses" aria-label="家长地址" style={{ margin: 0, paddingInlineStart: 18 }}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

export const loader = (route: Route.LoaderArgs) => loadModulePage(route, page, "家长");

export const action = (route: Route.ActionArgs) => listAction(route, page.list);

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? "家长" }];

export default function ParentsPage({ loaderData }: Route.ComponentProps) {
  return <ModuleListPage page={page} data={loaderData} columns={columns} formFields={withChildren} />;
}

export const ErrorBoundary = RouteErrorBoundary;
