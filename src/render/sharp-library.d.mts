import type sharpType from "sharp";

/** sharp (its CommonJS build), with libvips' operation cache off and one libvips thread per image. */
declare const sharp: typeof sharpType;
export default sharp;
