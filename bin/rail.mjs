#!/usr/bin/env node
// Entry point for the `rail` binary: runs bin/rail.ts through tsx's loader.
import { register } from "tsx/esm/api";

register();
await import("./rail.ts");
