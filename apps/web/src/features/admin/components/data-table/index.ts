export { DataTable, type TablePaging, type TableQuery } from "./data-table";
export { DataTablePagination } from "./data-table-pagination";
export {
  DataTableToolbar,
  RefreshButton,
  TableFilter,
  TableSearch,
  type FilterOption,
} from "./data-table-toolbar";
export { ListTable, type ListColumn } from "./list-table";
export { AdminTable, type AdminTableFilter } from "./admin-table";
