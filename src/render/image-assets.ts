/** Images a face draws, checked and inlined: the work is in src/model/image-assets.ts, which `validate` shares. */
export { artProblem, assetsUnchanged, inlineImages, withAssetLog, MAX_IMAGE_BYTES, MAX_IMAGE_PX } from "../model/image-assets";
