/**
 * pdfkit and fontkit through require, their CommonJS builds: loading pdfkit so costs a process
 * ~0.1 s less than its ES module build, and the PDFs and the model's font checks
 * (src/model/fonts.ts) share one fontkit. What they load for work syzygy never asks of them (a
 * Brotli decoder, AES tables) stays unloaded (src/defer-require.ts).
 */
import { createRequire } from "node:module";
import type * as Fontkit from "fontkit";
import type PDFDocumentClass from "pdfkit";
import { deferUnusedModules } from "../defer-require";

const require = createRequire(import.meta.url);

deferUnusedModules();
export const fontkit = require("fontkit") as typeof Fontkit;
export const PDFDocument = require("pdfkit") as typeof PDFDocumentClass;
