export { DataTablePagination } from "./data-table-pagination";
export { DataTableToolbar, RefreshButton, TableFilter, TableSearch } from "./data-table-toolbar";
export { ListTable, type ListColumn } from "./list-table";
export { AdminTable, type AdminTableFilter } from "./admin-table";
export { timeColumn } from "./columns";
export { RowActions } from "./row-actions";
