/** String Railway geometry: exact predicates, polyline helpers, all-pairs intersection (TypeScript reference). */
export * from "./placed.ts";
export * from "./polyline.ts";
export * from "./predicates.ts";
export * from "./route.ts";
