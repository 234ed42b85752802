// Generated from the route contracts by `npm run contracts`; do not edit.
export {};
