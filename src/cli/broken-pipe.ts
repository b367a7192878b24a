/**
 * `syzygy simulate --json | head -c 10`: once the reader has gone, writes fail with EPIPE. That is
 * the reader's choice, not an error: stop quietly (exit 0) instead of dying with a stack trace.
 * Other write errors (disk full on a redirect) get one line and exit 1.
 */
export function exitQuietlyOnBrokenPipe(streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    stream.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "EPIPE") process.exit(0);
      if (stream !== process.stderr) process.stderr.write(`syzygy: cannot write the output: ${err.message}\n`);
      process.exit(1);
    });
  }
}
