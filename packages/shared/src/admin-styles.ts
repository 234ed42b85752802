import { defineRoutes } from "./contract";

/** The admin Styles section's API (/api/admin/styles…): the catalogue as operators edit it. */
export const adminStylesContract = defineRoutes({});
