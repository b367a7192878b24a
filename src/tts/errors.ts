/** A save that cannot be made from what is on disk (missing or damaged PNGs, no deck to deal): the message says what to run. */
export class TtsInputError extends Error {}
