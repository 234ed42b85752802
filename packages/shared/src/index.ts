export * from "./account";
export * from "./catalogue";
export * from "./constants";
export * from "./errors";
export * from "./gallery";
export * from "./generation";
export * from "./health";
export * from "./settings";
